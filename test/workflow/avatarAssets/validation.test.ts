import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { SIM_AVATAR_ROUTING } from '../../../simulator/routes/avatar';
import { byId, runAvatar, useAvatarSimulator } from './setup';

let sim: Simulator;
useAvatarSimulator((started) => (sim = started));

/** An expression that resolves to nothing: n8n's own required-field check cannot see it, the node's must. */
const EMPTY = '={{ $json.nothing ?? "" }}';

const upload = (URL: unknown, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'asset',
	operation: 'upload',
	GroupId: byId('group-1'),
	URL: URL as string,
	AssetType: 'Image',
	...extra,
});

describe('Avatar Assets: refused before any call', () => {
	it.each([
		[
			'a relative URL',
			upload('/media/portrait.jpg'),
			/Field "URL" \(URL\) must be an absolute http\(s\) address .*got "\/media\/portrait.jpg" \(item 0\)/,
		],
		[
			'a URL without scheme',
			upload('cdn.example.com/portrait.jpg'),
			/Field "URL" \(URL\) must be an absolute http\(s\) address/,
		],
		[
			'an ftp URL',
			upload('ftp://cdn.example.com/portrait.jpg'),
			/Field "URL" \(URL\) must be an http or https address; got the scheme "ftp"/,
		],
		[
			'a data URL',
			upload('data:image/png;base64,AAAA'),
			/Field "URL" \(URL\) must be an http or https address; got the scheme "data"/,
		],
		['an empty URL', upload(EMPTY), /Field "URL" \(URL\) is required \(item 0\)/],
		[
			'no group',
			upload('https://cdn.example.com/a.jpg', { GroupId: byId(EMPTY) }),
			/Field "GroupId" \(Group\) is required \(item 0\)/,
		],
		[
			'no asset type',
			upload('https://cdn.example.com/a.jpg', { AssetType: EMPTY }),
			/Field "AssetType" \(Asset Type\) is required/,
		],
		[
			'a zero poll interval',
			upload('https://cdn.example.com/a.jpg', { options: { pollIntervalSeconds: 0 } }),
			/Field "pollIntervalSeconds" \(Poll Interval \(Seconds\)\) must be a number of seconds above 0/,
		],
		[
			'a group without name',
			{ resource: 'group', operation: 'create', Name: '   ' },
			/Field "Name" \(Name\) is required \(item 0\)/,
		],
		[
			'an update without group',
			{ resource: 'group', operation: 'update', GroupId: byId(EMPTY) },
			/Field "GroupId" \(Group\) is required/,
		],
		[
			'a get without asset',
			{ resource: 'asset', operation: 'get', AssetId: byId(EMPTY) },
			/Field "AssetId" \(Asset\) is required/,
		],
		[
			'a relative redirect URL',
			{ resource: 'realPerson', operation: 'createAuthSession', CallbackURL: 'done.html' },
			/Field "CallbackURL" \(Redirect URL\) must be an absolute http\(s\) address/,
		],
		[
			'a javascript redirect URL',
			{
				resource: 'realPerson',
				operation: 'createAuthSession',
				CallbackURL: 'javascript:alert(1)',
			},
			/Field "CallbackURL" \(Redirect URL\) must be an http or https address/,
		],
		[
			'no redirect URL',
			{ resource: 'realPerson', operation: 'createAuthSession', CallbackURL: EMPTY },
			/Field "CallbackURL" \(Redirect URL\) is required/,
		],
		[
			'no token',
			{ resource: 'realPerson', operation: 'tokenToGroup', AvatarToken: EMPTY },
			/Field "AvatarToken" \(Real-Person Token\) is required/,
		],
		[
			'an unreadable expiry',
			{
				resource: 'realPerson',
				operation: 'tokenToGroup',
				AvatarToken: 't',
				options: { tokenExpiresAt: 'soon' },
			},
			/Field "tokenExpiresAt" \(Token Expires At\) must be a date and time; got "soon"/,
		],
		[
			'a page size of 0',
			{ resource: 'group', operation: 'list', returnAll: true, options: { PageSize: 0 } },
			/Field "PageSize" \(Page Size\) must be at least 1; got 0/,
		],
		[
			'an unknown status filter',
			{ resource: 'asset', operation: 'list', returnAll: true, Filter: { Statuses: ['Done'] } },
			/Field "Filter.Statuses" \(Statuses\) must hold only Processing, Active, Failed; got "Done"/,
		],
		[
			'a sort direction other than asc/desc',
			{
				resource: 'asset',
				operation: 'list',
				returnAll: true,
				options: { SortBy: 'Name', SortOrder: 'up' },
			},
			/Field "SortOrder" \(Sort Order\) must be "asc" or "desc"; got "up"/,
		],
		[
			'extra body fields that are not an object',
			{
				resource: 'group',
				operation: 'create',
				Name: 'x',
				options: { additionalBodyFields: '[1, 2]' },
			},
			/Field "additionalBodyFields" \(Additional Body Fields\) must be a JSON object/,
		],
		[
			'extra body fields that are not JSON',
			{
				resource: 'group',
				operation: 'create',
				Name: 'x',
				options: { additionalBodyFields: '{Name: x}' },
			},
			/Field "additionalBodyFields" \(Additional Body Fields\) is not valid JSON/,
		],
	])('%s', async (_case, parameters, message) => {
		const run = await runAvatar(sim, parameters);
		expect(run.error?.message).toMatch(message);
		expect(sim.requests).toHaveLength(0);
	});

	it.each([
		['a literal empty URL', upload('')],
		[
			'a literal empty redirect URL',
			{ resource: 'realPerson', operation: 'createAuthSession', CallbackURL: '' },
		],
	])('%s is stopped by n8n itself', async (_case, parameters) => {
		const run = await runAvatar(sim, parameters);
		expect(run.error?.message).toMatch(/node has issues/);
		expect(sim.requests).toHaveLength(0);
	});

	it('a missing routing value, naming where to set it', async () => {
		const run = await runAvatar(
			sim,
			{ resource: 'group', operation: 'get', GroupId: byId('group-1') },
			{ withoutRouting: true },
		);
		expect(run.error?.message).toMatch(
			/^Avatar Routing Value is not set: .*in the Social Gateway API credential.*Options › Routing Parameter Value/,
		);
		expect(sim.requests).toHaveLength(0);
	});

	it('takes the routing value from the credential, set once; Options override it', async () => {
		const fromCredential = await runAvatar(
			sim,
			{ resource: 'group', operation: 'create', Name: 'set once' },
			{ withoutRouting: true, credentialFields: { avatarRoutingValue: SIM_AVATAR_ROUTING.value } },
		);
		expect(fromCredential.error).toBeUndefined();
		expect(JSON.parse(sim.requests.at(-1)!.bodyText)).toMatchObject({
			[SIM_AVATAR_ROUTING.name]: SIM_AVATAR_ROUTING.value,
		});

		const overridden = await runAvatar(
			sim,
			{
				resource: 'group',
				operation: 'create',
				Name: 'override',
				options: { routingParameterValue: 'node-value' },
			},
			{ withoutRouting: true, credentialFields: { avatarRoutingValue: SIM_AVATAR_ROUTING.value } },
		);
		expect(overridden.error?.message).toMatch(/routing/i);
		expect(JSON.parse(sim.requests.at(-1)!.bodyText)).toMatchObject({
			[SIM_AVATAR_ROUTING.name]: 'node-value',
		});
	});

	it('names the failing item and lets the others go on under Continue On Fail', async () => {
		const run = await runAvatar(
			sim,
			{ resource: 'group', operation: 'create', Name: '={{ $json.name }}' },
			{
				continueOnFail: true,
				inputItems: [
					{ json: { name: 'first' } },
					{ json: { name: '' } },
					{ json: { name: 'third' } },
				],
			},
		);
		expect(run.json[0]).toEqual(
			expect.objectContaining({ Id: expect.stringMatching(/^group-/), Name: 'first' }),
		);
		expect(run.json[1]).toEqual({
			error: 'Field "Name" (Name) is required (item 1)',
			endpoint: 'POST /v1/private-avatar/groups',
			status: null,
			serviceMessage: null,
		});
		expect(run.json[2]).toEqual(
			expect.objectContaining({ Id: expect.stringMatching(/^group-/), Name: 'third' }),
		);
		expect(run.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(sim.requests).toHaveLength(2);
	});
});
