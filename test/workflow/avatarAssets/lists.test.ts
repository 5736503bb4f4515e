import type { IDataObject } from 'n8n-workflow';
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
		// 8 records, 3 per page: three answers, each but the last with the NextToken that the next call sends
		const bodies = listCalls().map((call) => bodyOf(call));
		const common = {
			model: SIM_AVATAR_ROUTING.value,
			Filter: { GroupIds: [groupA], Statuses: ['Processing'] },
			MaxResults: 3,
			SortBy: 'Name',
			SortOrder: 'desc',
		};
		expect(bodies).toEqual([
			common,
			{ ...common, NextToken: expect.any(String) },
			{ ...common, NextToken: expect.any(String) },
		]);
		expect(bodies[1].NextToken).not.toBe(bodies[2].NextToken);
	});

	it('stops at an answer without NextToken, also when the page is full', async () => {
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

	it('Limit stops in the middle of a page', async () => {
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

	it('asks by page number from a later Page Number, and stops at the announced total', async () => {
		const run = await runAvatar(sim, {
			resource: 'asset',
			operation: 'list',
			returnAll: true,
			options: { PageSize: 4, PageNumber: 2, SortBy: 'Name' },
		});
		expect(run.json.map((asset) => asset.Name)).toEqual(
			[...NAMES, 'zulu', 'yankee'].sort().slice(4),
		);
		// 13 records, 4 per page: pages 2, 3 and 4 (TotalCount 13 reached)
		expect(listCalls().map((call) => [bodyOf(call).PageNumber, bodyOf(call).PageSize])).toEqual([
			[2, 4],
			[3, 4],
			[4, 4],
		]);
	});

	it('Return All over the pages of a service that pages only by number', async () => {
		avatarSim(sim).pageListsBy('pageNumber');
		try {
			const run = await runAvatar(sim, {
				resource: 'asset',
				operation: 'list',
				returnAll: true,
				options: { PageSize: 3, SortBy: 'Name' },
			});
			expect(run.error).toBeUndefined();
			expect(run.json.map((asset) => asset.Name)).toEqual([...NAMES, 'zulu', 'yankee'].sort());
			// it ignores MaxResults and answers 10 per page with PageNumber and TotalCount: the node goes on in its terms
			const bodies = listCalls().map((call) => bodyOf(call));
			expect(
				bodies.map(({ MaxResults, NextToken, PageNumber, PageSize }) => ({
					MaxResults,
					NextToken,
					PageNumber,
					PageSize,
				})),
			).toEqual([
				{ MaxResults: 3, NextToken: undefined, PageNumber: undefined, PageSize: undefined },
				{ MaxResults: undefined, NextToken: undefined, PageNumber: 2, PageSize: 10 },
			]);
		} finally {
			avatarSim(sim).pageListsBy('token');
		}
	});

	it('turns ResponseMetadata.Error of an HTTP 200 answer into a node error naming its code, without a retry', async () => {
		avatarSim(sim).queueError({
			action: 'ListAssets',
			status: 200,
			Code: 'QuotaExceeded',
			Message: 'The account has no asset quota left',
		});
		const run = await runAvatar(sim, {
			resource: 'asset',
			operation: 'list',
			returnAll: true,
		});
		expect(run.error?.message).toBe(
			'The service rejected POST /v1/private-avatar/assets/list: QuotaExceeded: The account has no asset quota left',
		);
		expect(listCalls()).toHaveLength(1);

		avatarSim(sim).queueError({ status: 429, Code: 'RateLimited', Message: 'Slow down' });
		avatarSim(sim).queueError({ status: 400, Code: 'InvalidParameter', Message: 'Bad filter' });
		const refused = await runAvatar(
			sim,
			{ resource: 'group', operation: 'list', limit: 5 },
			{ continueOnFail: true },
		);
		// 429 means nothing was done: retried once, then the 400 is reported with its code
		expect(refused.json).toEqual([
			{
				error:
					'The service rejected POST /v1/private-avatar/groups/list with HTTP 400: InvalidParameter: Bad filter',
				endpoint: 'POST /v1/private-avatar/groups/list',
				status: 400,
				serviceMessage: 'InvalidParameter: Bad filter',
			},
		]);
		expect(callsTo(sim, 'POST', '/v1/private-avatar/groups/list')).toHaveLength(2);
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
		expect(calls.map((call) => bodyOf(call).MaxResults)).toEqual([1, 1, 1, 1]);
		expect(calls.map((call) => typeof bodyOf(call).NextToken)).toEqual([
			'undefined',
			'string',
			'string',
			'string',
		]);

		const byIds = await runAvatar(sim, {
			resource: 'group',
			operation: 'list',
			limit: 50,
			Filter: { GroupIds: `${groupB},${groupA}`, GroupType: 'AIGC' },
		});
		expect(byIds.json.map((group) => group.Id)).toEqual([groupA, groupB]);
		expect(bodyOf(callsTo(sim, 'POST', '/v1/private-avatar/groups/list')[4]).Filter).toEqual({
			GroupIds: [groupB, groupA],
			GroupType: 'AIGC',
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
		expect(run.json.map((page) => typeof (page.Result as IDataObject).NextToken)).toEqual([
			'string',
			'string',
			'undefined',
		]);
		expect(run.json[0]).toMatchObject({
			Result: { Items: [expect.anything(), expect.anything()] },
			ResponseMetadata: { Action: 'ListAssetGroups', RequestId: expect.any(String) },
		});
	});
});
