import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { avatarSim, SIM_AVATAR_ROUTING } from '../../../simulator/routes/avatar';
import type { InterfaceNames } from '../../../nodes/shared/transport/wireNames';
import { bodyOf, callsTo, runAvatar, useAvatarSimulator } from './setup';

afterEach(() => jest.restoreAllMocks());

const SESSION = '/v1/real-avatar/auth/session';
const FROM_TOKEN = '/v1/real-avatar/groups/from-token';

/** Moves both clocks: the simulator's (the service's 120 s) and the one the node reads (its local check). */
function letTimePass(sim: Simulator, ms: number) {
	sim.clock.advance(ms);
	const realNow = Date.now.bind(Date);
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);
}

/** The session and the exchange of a credential with these Interface Names. */
function realPersonSteps(sim: () => Simulator, names: InterfaceNames) {
	const credentialFields = { advancedSettings: true, interfaceNames: names };
	return {
		async createSession(): Promise<INodeExecutionData[]> {
			const run = await runAvatar(
				sim(),
				{
					resource: 'realPerson',
					operation: 'createAuthSession',
					CallbackURL: 'https://app.example.com/avatar/done',
					options: { Lng: 'en' },
				},
				{ credentialFields },
			);
			if (run.error) throw run.error;
			return run.items.map((item) => ({ json: item.json }));
		},
		/** Token to Group with its default token expression, unless `parameters` give one. */
		exchange: (
			inputItems: INodeExecutionData[],
			parameters: INodeParameters = {},
			continueOnFail = false,
		) =>
			runAvatar(
				sim(),
				{ resource: 'realPerson', operation: 'tokenToGroup', ...parameters },
				{ inputItems, continueOnFail, credentialFields },
			),
	};
}

describe.each([
	['the real names', 'upstream', 'BytedToken'],
	['the neutral names', 'neutral', 'AvatarToken'],
] as const)('Avatar Assets: real-person auth sessions, with %s', (_names, names, field) => {
	let sim: Simulator;
	useAvatarSimulator((started) => (sim = started), { interfaceNames: names });
	const { createSession, exchange } = realPersonSteps(() => sim, names);

	it(`creates a session: ${field}, H5 link and the time the token stops being usable`, async () => {
		const before = Date.now();
		const [session] = await createSession();
		const after = Date.now();
		expect(session.json).toEqual({
			[field]: expect.any(String),
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

	it(`session → ${field} → group: exchanges the token 119 s after the session`, async () => {
		const session = await createSession();
		letTimePass(sim, 119_000);
		const run = await exchange(session);
		expect(run.error).toBeUndefined();
		const groupId = run.json[0].GroupId as string;
		expect(run.json).toEqual([{ Id: groupId, GroupType: 'LivenessFace', GroupId: groupId }]);
		expect(avatarSim(sim).groups.get(groupId)?.GroupType).toBe('LivenessFace');
		expect(bodyOf(callsTo(sim, 'POST', FROM_TOKEN)[0])).toEqual({
			model: SIM_AVATAR_ROUTING.value,
			[field]: session[0].json[field],
		});
	});

	it('fails locally, without a call, 121 s after the session: start a new one', async () => {
		const session = await createSession();
		letTimePass(sim, 121_000);
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
		expect(run.error?.message).toContain('TokenExpired: The real-person token expired');
		expect(callsTo(sim, 'POST', FROM_TOKEN)).toHaveLength(1);
	});

	it('sends a token whose expiry it cannot see, and checks a Token Expires At given as an option', async () => {
		const [session] = await createSession();
		const fromElsewhere = [{ json: { token: session.json[field] } }];
		const tokenFromItem = { AvatarToken: '={{ $json.token }}' };

		const past = new Date(Date.now() - 5_000).toISOString();
		const expired = await exchange(
			fromElsewhere,
			{ ...tokenFromItem, options: { tokenExpiresAt: past } },
			true,
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
		const sent = await exchange(fromElsewhere, tokenFromItem);
		expect(sent.json).toEqual([
			expect.objectContaining({ GroupId: expect.stringMatching(/^group-/) }),
		]);
		expect(callsTo(sim, 'POST', FROM_TOKEN)).toHaveLength(1);
	});
});

describe.each([
	[
		'the real names, the service the neutral ones',
		'upstream',
		'neutral',
		'BytedToken',
		'AvatarToken',
	],
	[
		'the neutral names, the service the real ones',
		'neutral',
		'upstream',
		'AvatarToken',
		'BytedToken',
	],
] as const)(
	'Avatar Assets: a credential with %s',
	(_case, credentialNames, serviceNames, sentField, serviceField) => {
		let sim: Simulator;
		useAvatarSimulator((started) => (sim = started), { interfaceNames: serviceNames });
		const { createSession, exchange } = realPersonSteps(() => sim, credentialNames);

		it('reads the token of the session, then fails the exchange clearly, naming the setting to change', async () => {
			const session = await createSession();
			// the session answer's token is read under either name, and given under the credential's
			expect(Object.keys(session[0].json).sort()).toEqual(
				['H5Link', 'TokenExpiresAt', sentField].sort(),
			);
			const run = await exchange(session);
			expect(run.error?.message).toBe(
				`The service rejected POST ${FROM_TOKEN} with HTTP 400: MissingParameter: ${serviceField} is required. The service names the token ${serviceField}, not ${sentField}: set Interface Names in the credential's Advanced Settings to match the service`,
			);
			expect(bodyOf(callsTo(sim, 'POST', FROM_TOKEN)[0])).toEqual({
				model: SIM_AVATAR_ROUTING.value,
				[sentField]: session[0].json[sentField],
			});
			// refused, not used up: the same token still gives the group in the service's names
			expect([...avatarSim(sim).sessions.values()][0].used).toBe(false);
			expect(avatarSim(sim).groups.size).toBe(0);
		});
	},
);
