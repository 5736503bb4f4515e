import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { avatarSim, SIM_AVATAR_ROUTING } from '../../../simulator/routes/avatar';
import { bodyOf, callsTo, runAvatar, useAvatarSimulator } from './setup';

let sim: Simulator;
useAvatarSimulator((started) => (sim = started));
afterEach(() => jest.restoreAllMocks());

const SESSION = '/v1/real-avatar/auth/session';
const FROM_TOKEN = '/v1/real-avatar/groups/from-token';

async function createSession(): Promise<INodeExecutionData[]> {
	const run = await runAvatar(sim, {
		resource: 'realPerson',
		operation: 'createAuthSession',
		CallbackURL: 'https://app.example.com/avatar/done',
		options: { Lng: 'en' },
	});
	expect(run.error).toBeUndefined();
	return run.items.map((item) => ({ json: item.json }));
}

const exchange = (
	inputItems: INodeExecutionData[],
	options: INodeParameters = {},
	continueOnFail = false,
) =>
	runAvatar(
		sim,
		{
			resource: 'realPerson',
			operation: 'tokenToGroup',
			AvatarToken: '={{ $json.AvatarToken }}',
			options,
		},
		{ inputItems, continueOnFail },
	);

/** Moves both clocks: the simulator's (the service's 120 s) and the one the node reads (its local check). */
function letTimePass(ms: number) {
	sim.clock.advance(ms);
	const realNow = Date.now.bind(Date);
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);
}

describe('Avatar Assets: real-person auth sessions', () => {
	it('creates a session: token, H5 link and the time the token stops being usable', async () => {
		const before = Date.now();
		const [session] = await createSession();
		const after = Date.now();
		expect(session.json).toEqual({
			AvatarToken: expect.any(String),
			H5Link: expect.stringContaining('lng=en'),
			TokenExpiresAt: expect.any(String),
		});
		const expiresAt = Date.parse(session.json.TokenExpiresAt as string);
		expect(expiresAt).toBeGreaterThanOrEqual(before + 120_000);
		expect(expiresAt).toBeLessThanOrEqual(after + 120_000);
		expect(bodyOf(callsTo(sim, 'POST', SESSION)[0])).toEqual({
			model: SIM_AVATAR_ROUTING.value,
			CallbackURL: 'https://app.example.com/avatar/done',
			Lng: 'en',
		});
	});

	it('exchanges the token 119 s after the session for the real-person group id', async () => {
		const session = await createSession();
		letTimePass(119_000);
		const run = await exchange(session);
		expect(run.error).toBeUndefined();
		const groupId = run.json[0].GroupId as string;
		expect(run.json).toEqual([{ GroupId: groupId }]);
		expect(avatarSim(sim).groups.get(groupId)?.GroupType).toBe('RealPerson');
		expect(bodyOf(callsTo(sim, 'POST', FROM_TOKEN)[0])).toEqual({
			model: SIM_AVATAR_ROUTING.value,
			AvatarToken: session[0].json.AvatarToken,
		});
	});

	it('fails locally, without a call, 121 s after the session: start a new one', async () => {
		const session = await createSession();
		letTimePass(121_000);
		const run = await exchange(session);
		expect(run.error?.message).toMatch(
			/^The real-person token expired at .+ \(\d+ s ago\); start a new auth session and exchange its token within 120 s \(item 0\)$/,
		);
		expect(callsTo(sim, 'POST', FROM_TOKEN)).toHaveLength(0);
	});

	it('passes on the service refusal when only the service sees the 120 s passed', async () => {
		const session = await createSession();
		sim.clock.advance(120_001);
		const run = await exchange(session);
		expect(run.error?.message).toContain('TokenExpired: The avatar token expired');
		expect(callsTo(sim, 'POST', FROM_TOKEN)).toHaveLength(1);
	});

	it('sends a token whose expiry it cannot see, and checks a Token Expires At given as an option', async () => {
		const [session] = await createSession();
		const fromElsewhere = [{ json: { token: session.json.AvatarToken } }];
		const tokenFromItem = {
			resource: 'realPerson',
			operation: 'tokenToGroup',
			AvatarToken: '={{ $json.token }}',
		};

		const past = new Date(Date.now() - 5_000).toISOString();
		const expired = await runAvatar(
			sim,
			{ ...tokenFromItem, options: { tokenExpiresAt: past } },
			{ inputItems: fromElsewhere, continueOnFail: true },
		);
		expect(expired.json).toEqual([
			{
				error: expect.stringMatching(/^The real-person token expired at .+ \(5 s ago\)/),
				endpoint: 'POST /v1/real-avatar/groups/from-token',
				status: null,
				serviceMessage: null,
			},
		]);
		expect(callsTo(sim, 'POST', FROM_TOKEN)).toHaveLength(0);

		// without the session fields the node cannot see the expiry: the service judges the token
		const sent = await runAvatar(sim, tokenFromItem, { inputItems: fromElsewhere });
		expect(sent.json).toEqual([{ GroupId: expect.stringMatching(/^group-/) }]);
		expect(callsTo(sim, 'POST', FROM_TOKEN)).toHaveLength(1);
	});
});
