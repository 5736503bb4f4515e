import type { Simulator } from '../../../simulator';
import { avatarSim, SIM_AVATAR_ROUTING } from '../../../simulator/routes/avatar';
import { bodyOf, byId, callsTo, createGroup, runAvatar, uploadAsset } from './setup';
import { useSimulator } from '../../support/useSimulator';

let sim: Simulator;
let groupA: string;
let groupB: string;
const NAMES = [
	'kilo',
	'alpha',
	'juliet',
	'bravo',
	'india',
	'charlie',
	'hotel',
	'delta',
	'golf',
	'echo',
	'foxtrot',
];

useSimulator(async (started) => {
	sim = started;
	groupA = await createGroup(sim, 'campaign A');
	groupB = await createGroup(sim, 'campaign B');
	for (const name of ['campaign C', 'other', 'campaign D']) await createGroup(sim, name);
	avatarSim(sim).setDefaultPlan({ outcome: 'Active', afterPolls: 1 });
	for (const name of NAMES) await uploadAsset(sim, groupA, { options: { Name: name } });
	for (const name of ['zulu', 'yankee'])
		await uploadAsset(sim, groupB, { options: { Name: name } });
	// make three of group A's assets Active
	for (const [id, record] of avatarSim(sim).assets) {
		if (['alpha', 'delta', 'golf'].includes(record.asset.Name))
			await runAvatar(sim, { resource: 'asset', operation: 'get', AssetId: byId(id) });
	}
});

const listCalls = () => callsTo(sim, 'POST', '/v1/private-avatar/assets/list');

describe('Avatar Assets: lists', () => {
	it('Return All walks every page with the filter and the sort, in order', async () => {
		const run = await runAvatar(sim, {
			resource: 'asset',
			operation: 'list',
			returnAll: true,
			Filter: { GroupIds: groupA, Statuses: ['Processing'] },
			options: { PageSize: 3, SortBy: 'Name', SortOrder: 'desc' },
		});
		expect(run.error).toBeUndefined();
		const expected = NAMES.filter((name) => !['alpha', 'delta', 'golf'].includes(name))
			.sort()
			.reverse();
		expect(run.json.map((asset) => asset.Name)).toEqual(expected);
		expect(
			run.json.every((asset) => asset.GroupId === groupA && asset.Status === 'Processing'),
		).toBe(true);
		expect(run.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		// 8 records, 3 per page: pages 1..3, the last one short
		expect(listCalls().map((call) => bodyOf(call))).toEqual(
			[1, 2, 3].map((PageNumber) => ({
				model: SIM_AVATAR_ROUTING.value,
				Filter: { GroupIds: [groupA], Statuses: ['Processing'] },
				PageNumber,
				PageSize: 3,
				SortBy: 'Name',
				SortOrder: 'desc',
			})),
		);
	});

	it('stops at the announced total when the last page is full', async () => {
		const run = await runAvatar(sim, {
			resource: 'asset',
			operation: 'list',
			returnAll: true,
			Filter: { GroupIds: `${groupA}, ${groupB}` },
			options: { PageSize: 13, SortBy: 'Name' },
		});
		expect(run.json).toHaveLength(13);
		expect(run.json.map((asset) => asset.Name)).toEqual([...NAMES, 'zulu', 'yankee'].sort());
		expect(listCalls()).toHaveLength(1);
	});

	it('Limit stops in the middle of a page, starting from the page asked for', async () => {
		const run = await runAvatar(sim, {
			resource: 'asset',
			operation: 'list',
			limit: 4,
			Filter: { Statuses: ['Active', 'Processing'], Name: 'o' },
			options: { PageSize: 3, PageNumber: 1, SortBy: 'Name', SortOrder: 'asc' },
		});
		const matching = [...NAMES, 'zulu', 'yankee'].filter((name) => name.includes('o')).sort();
		expect(run.json.map((asset) => asset.Name)).toEqual(matching.slice(0, 4));
		expect(listCalls()).toHaveLength(2);
	});

	it('sorts by Id (creation order) ascending and descending', async () => {
		const ascending = await runAvatar(sim, {
			resource: 'asset',
			operation: 'list',
			returnAll: true,
			options: { PageSize: 5, SortBy: 'Id' },
		});
		const descending = await runAvatar(sim, {
			resource: 'asset',
			operation: 'list',
			returnAll: true,
			options: { PageSize: 5, SortBy: 'Id', SortOrder: 'desc' },
		});
		expect(ascending.json.map((asset) => asset.Name)).toEqual([...NAMES, 'zulu', 'yankee']);
		expect(descending.json.map((asset) => asset.Id)).toEqual(
			ascending.json.map((asset) => asset.Id).reverse(),
		);
		expect(listCalls()).toHaveLength(6);
	});

	it('lists groups over several pages, filtered by name and by ids', async () => {
		const byName = await runAvatar(sim, {
			resource: 'group',
			operation: 'list',
			returnAll: true,
			Filter: { Name: 'campaign' },
			options: { PageSize: 1 },
		});
		expect(byName.json.map((group) => group.Name)).toEqual([
			'campaign A',
			'campaign B',
			'campaign C',
			'campaign D',
		]);
		const calls = callsTo(sim, 'POST', '/v1/private-avatar/groups/list');
		expect(calls.map((call) => bodyOf(call).PageNumber)).toEqual([1, 2, 3, 4]);

		const byIds = await runAvatar(sim, {
			resource: 'group',
			operation: 'list',
			limit: 50,
			Filter: { GroupIds: `${groupB},${groupA}`, GroupType: 'Virtual' },
		});
		expect(byIds.json.map((group) => group.Id)).toEqual([groupA, groupB]);
		expect(bodyOf(callsTo(sim, 'POST', '/v1/private-avatar/groups/list')[4]).Filter).toEqual({
			GroupIds: [groupB, groupA],
			GroupType: 'Virtual',
		});
	});

	it('gives one item per page answer with Full Response', async () => {
		const run = await runAvatar(sim, {
			resource: 'group',
			operation: 'list',
			returnAll: true,
			options: { PageSize: 2, fullResponse: true },
		});
		expect(run.json).toHaveLength(3);
		expect(run.json.map((page) => (page.Result as { PageNumber: number }).PageNumber)).toEqual([
			1, 2, 3,
		]);
		expect(run.json[0]).toMatchObject({
			Result: { TotalCount: 5 },
			ResponseMetadata: { Action: 'ListAssetGroups' },
		});
	});
});
