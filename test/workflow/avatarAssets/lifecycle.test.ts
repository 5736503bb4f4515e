import type { Simulator } from '../../../simulator';
import { SIMULATOR_API_KEY } from '../../../simulator';
import { avatarSim, SIM_AVATAR_ROUTING } from '../../../simulator/routes/avatar';
import {
	bodyOf,
	byId,
	callsTo,
	createGroup,
	runAvatar,
	uploadAsset,
	useAvatarSimulator,
} from './setup';

let sim: Simulator;
useAvatarSimulator((started) => (sim = started));

const GROUPS = '/v1/private-avatar/groups';
const ASSETS = '/v1/private-avatar/assets';

describe('Avatar Assets: group and asset lifecycle in n8n', () => {
	it('creates, gets, lists, updates and deletes a group, with the routing parameter on every call', async () => {
		const created = await runAvatar(sim, {
			resource: 'group',
			operation: 'create',
			Name: 'brand presenters',
			options: { Description: 'faces of the spring campaign' },
		});
		expect(created.error).toBeUndefined();
		const groupId = created.json[0].Id as string;
		// the record as a genuine gateway answers it: times in epoch seconds, the project
		const now = Date.UTC(2025, 5, 1, 12) / 1000;
		expect(created.json).toEqual([
			{
				Id: groupId,
				Name: 'brand presenters',
				Description: 'faces of the spring campaign',
				GroupType: 'AIGC',
				ProjectName: 'default',
				CreateTime: now,
				UpdateTime: now,
			},
		]);
		expect(created.items[0].pairedItem).toEqual({ item: 0 });
		const [createCall] = callsTo(sim, 'POST', GROUPS);
		expect(bodyOf(createCall)).toEqual({
			model: SIM_AVATAR_ROUTING.value,
			Name: 'brand presenters',
			Description: 'faces of the spring campaign',
		});
		expect(createCall.headers.authorization).toBe(`Bearer ${SIMULATOR_API_KEY}`);

		const got = await runAvatar(sim, {
			resource: 'group',
			operation: 'get',
			GroupId: byId(groupId),
		});
		expect(got.json[0]).toMatchObject({
			Id: groupId,
			Name: 'brand presenters',
			Description: 'faces of the spring campaign',
			GroupType: 'AIGC',
		});
		const [getCall] = callsTo(sim, 'GET', `${GROUPS}/${groupId}`);
		expect(getCall.query).toEqual({ model: SIM_AVATAR_ROUTING.value });
		expect(getCall.bodyText).toBe('');

		const updated = await runAvatar(sim, {
			resource: 'group',
			operation: 'update',
			GroupId: byId(groupId),
			options: { Name: 'presenters 2025' },
		});
		expect(updated.error).toBeUndefined();
		expect(updated.json).toEqual([
			expect.objectContaining({ Id: groupId, Name: 'presenters 2025', GroupType: 'AIGC' }),
		]);
		expect(bodyOf(callsTo(sim, 'PATCH', `${GROUPS}/${groupId}`)[0])).toEqual({
			model: SIM_AVATAR_ROUTING.value,
			Id: groupId,
			Name: 'presenters 2025',
		});
		expect(avatarSim(sim).groups.get(groupId)).toMatchObject({
			Name: 'presenters 2025',
			Description: 'faces of the spring campaign',
		});

		const listed = await runAvatar(sim, {
			resource: 'group',
			operation: 'list',
			returnAll: true,
			Filter: { Name: '2025' },
		});
		expect(listed.json.map((group) => group.Id)).toEqual([groupId]);

		const deleted = await runAvatar(sim, {
			resource: 'group',
			operation: 'delete',
			GroupId: byId(groupId),
		});
		expect(deleted.json).toEqual([{ Id: groupId, deleted: true }]);
		expect(callsTo(sim, 'DELETE', `${GROUPS}/${groupId}`)[0].query).toEqual({
			model: SIM_AVATAR_ROUTING.value,
		});
		expect(avatarSim(sim).groups.size).toBe(0);
	});

	it('uploads (upper-case URL, AssetType), gets, renames, lists and deletes an asset', async () => {
		const groupId = await createGroup(sim, 'materials');
		sim.reset();
		const uploaded = await runAvatar(sim, {
			resource: 'asset',
			operation: 'upload',
			GroupId: byId(groupId),
			URL: 'https://cdn.example.com/full-body.mp4',
			AssetType: 'Video',
			waitForProcessing: false,
			options: { Name: 'full body' },
		});
		expect(uploaded.error).toBeUndefined();
		const assetId = uploaded.json[0].Id as string;
		expect(assetId).toMatch(/^asset-/);
		expect(bodyOf(callsTo(sim, 'POST', ASSETS)[0])).toEqual({
			model: SIM_AVATAR_ROUTING.value,
			GroupId: groupId,
			URL: 'https://cdn.example.com/full-body.mp4',
			AssetType: 'Video',
			Name: 'full body',
		});
		expect(callsTo(sim, 'GET', `${ASSETS}/${assetId}`)).toHaveLength(0);

		const got = await runAvatar(sim, {
			resource: 'asset',
			operation: 'get',
			AssetId: byId(assetId),
		});
		expect(got.json[0]).toMatchObject({
			Id: assetId,
			GroupId: groupId,
			Status: 'Processing',
			AssetType: 'Video',
			Name: 'full body',
		});

		const renamed = await runAvatar(sim, {
			resource: 'asset',
			operation: 'update',
			AssetId: byId(assetId),
			options: { Name: 'renamed' },
		});
		expect(renamed.json).toEqual([
			expect.objectContaining({ Id: assetId, Name: 'renamed', Status: 'Processing' }),
		]);
		expect(bodyOf(callsTo(sim, 'PATCH', `${ASSETS}/${assetId}`)[0])).toEqual({
			model: SIM_AVATAR_ROUTING.value,
			Id: assetId,
			Name: 'renamed',
		});

		const listed = await runAvatar(sim, {
			resource: 'asset',
			operation: 'list',
			returnAll: true,
			Filter: { GroupIds: groupId },
		});
		expect(listed.json).toEqual([expect.objectContaining({ Id: assetId, Name: 'renamed' })]);

		const deleted = await runAvatar(sim, {
			resource: 'asset',
			operation: 'delete',
			AssetId: byId(assetId),
		});
		expect(deleted.json).toEqual([{ Id: assetId, deleted: true }]);
		expect(avatarSim(sim).assets.size).toBe(0);

		const gone = await runAvatar(sim, {
			resource: 'asset',
			operation: 'get',
			AssetId: byId(assetId),
		});
		expect(gone.error?.message).toContain(`The asset "${assetId}" does not exist`);
		expect(gone.error?.message).toContain('404');
	});

	it.each([
		['noContent', 204],
		['emptyOk', 200],
	] as const)(
		'deletes a group and an asset whose DELETE answers with no body (%s: HTTP %i)',
		async (answer, status) => {
			const groupId = await createGroup(sim, 'short-lived');
			const assetId = await uploadAsset(sim, groupId);
			avatarSim(sim).answerDeletesWith(answer);
			sim.reset();

			const asset = await runAvatar(sim, {
				resource: 'asset',
				operation: 'delete',
				AssetId: byId(assetId),
			});
			expect(asset.error).toBeUndefined();
			expect(asset.json).toEqual([{ Id: assetId, deleted: true }]);
			const group = await runAvatar(sim, {
				resource: 'group',
				operation: 'delete',
				GroupId: byId(groupId),
				options: { fullResponse: true },
			});
			expect(group.error).toBeUndefined();
			expect(group.json).toEqual([{ Id: groupId, deleted: true }]);

			expect(sim.requests.map((request) => [request.method, request.status])).toEqual([
				['DELETE', status],
				['DELETE', status],
			]);
			expect(avatarSim(sim).assets.size).toBe(0);
			expect(avatarSim(sim).groups.size).toBe(0);
		},
	);

	it('gives the whole answer with Full Response, and one paired item per input item', async () => {
		const full = await runAvatar(sim, {
			resource: 'group',
			operation: 'create',
			Name: 'x',
			options: { fullResponse: true },
		});
		expect(full.json[0]).toMatchObject({
			ResponseMetadata: { Action: 'CreateAssetGroup' },
			Result: { Id: expect.stringMatching(/^group-/) },
		});

		const many = await runAvatar(
			sim,
			{ resource: 'group', operation: 'create', Name: '={{ $json.name }}' },
			{
				inputItems: [
					{ json: { name: 'one' } },
					{ json: { name: 'two' } },
					{ json: { name: 'three' } },
				],
			},
		);
		expect(many.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect([...avatarSim(sim).groups.values()].map((group) => group.Name)).toEqual([
			'x',
			'one',
			'two',
			'three',
		]);
	});

	it('merges Additional Body Fields last and honours another routing parameter name', async () => {
		avatarSim(sim).expectRouting({ name: 'route', value: 'custom-route' });
		const run = await runAvatar(
			sim,
			{
				resource: 'group',
				operation: 'create',
				Name: 'from node',
				options: {
					routingParameterName: 'route',
					routingParameterValue: 'custom-route',
					additionalBodyFields: '{"Description": "from extra", "ProjectName": "default"}',
				},
			},
			{ withoutRouting: true },
		);
		expect(run.error).toBeUndefined();
		expect(bodyOf(sim.requests[0])).toEqual({
			route: 'custom-route',
			Name: 'from node',
			Description: 'from extra',
			ProjectName: 'default',
		});

		const groupId = run.json[0].Id as string;
		const got = await runAvatar(
			sim,
			{
				resource: 'group',
				operation: 'get',
				GroupId: byId(groupId),
				options: { routingParameterName: 'route', routingParameterValue: 'custom-route' },
			},
			{ withoutRouting: true },
		);
		expect(got.error).toBeUndefined();
		expect(sim.requests[1].query).toEqual({ route: 'custom-route' });
	});

	it('reports the service message of ResponseMetadata.Error and never the API key', async () => {
		const run = await runAvatar(sim, {
			resource: 'group',
			operation: 'get',
			GroupId: byId('group-missing'),
		});
		expect(run.error?.message).toContain('The group "group-missing" does not exist');
		expect(JSON.stringify(run.error)).not.toContain(SIMULATOR_API_KEY);

		const continued = await runAvatar(
			sim,
			{ resource: 'asset', operation: 'delete', AssetId: byId('asset-missing') },
			{ continueOnFail: true },
		);
		expect(continued.json).toEqual([
			{
				error: expect.stringContaining('HTTP 404'),
				endpoint: 'DELETE /v1/private-avatar/assets/asset-missing',
				status: 404,
				serviceMessage: 'AssetNotFound: The asset "asset-missing" does not exist',
			},
		]);
	});

	it('uploads into the group whose id an earlier item carries (expression in the locator)', async () => {
		const groupId = await createGroup(sim, 'chained');
		const run = await runAvatar(
			sim,
			{
				resource: 'asset',
				operation: 'upload',
				GroupId: { __rl: true, mode: 'id', value: '={{ $json.Id }}' },
				URL: 'https://cdn.example.com/a.png',
				AssetType: 'Image',
				waitForProcessing: false,
			},
			{ inputItems: [{ json: { Id: groupId } }] },
		);
		expect(run.error).toBeUndefined();
		expect(avatarSim(sim).assets.get(run.json[0].Id as string)?.asset.GroupId).toBe(groupId);
	});
});
