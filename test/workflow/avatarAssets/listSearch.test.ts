import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { searchAssets, searchGroups } from '../../../nodes/AvatarAssets/methods/listSearch';
import type { Simulator } from '../../../simulator';
import { avatarSim } from '../../../simulator/routes/avatar';
import { loadOptionsContext as n8nLoadOptionsContext } from '../../../tools/harness/n8nHttp';
import { credentialsFor, routed, createGroup, uploadAsset } from './setup';
import { useSimulator } from '../../support/useSimulator';

let sim: Simulator;
useSimulator((started) => (sim = started), { reset: 'never' });

/** The part of n8n's load-options context the searches use, with the node's options. */
function loadOptionsContext(options: Record<string, unknown>): ILoadOptionsFunctions {
	return n8nLoadOptionsContext(credentialsFor(sim).socialGatewayApi, (name, fallback) =>
		name.startsWith('options.') ? (options[name.slice(8)] ?? fallback) : fallback,
	);
}

describe('Avatar Assets: searchable lists of groups and assets', () => {
	it('finds groups by name and pages with the NextToken of the answer', async () => {
		avatarSim(sim).clear();
		sim.reset();
		const ids: string[] = [];
		for (let i = 0; i < 55; i++) ids.push(await createGroup(sim, `team ${i}`));
		await createGroup(sim, 'elsewhere');
		const first = await searchGroups.call(loadOptionsContext(routed()), 'team');
		expect(first.results).toHaveLength(50);
		expect(first.results[0]).toEqual({ name: `team 0 (${ids[0]})`, value: ids[0] });
		const [firstCall] = sim.requests.filter((request) => request.path.endsWith('/groups/list'));
		expect(JSON.parse(firstCall.bodyText)).toMatchObject({
			Filter: { Name: 'team' },
			MaxResults: 50,
		});
		expect(first.paginationToken).toEqual(expect.any(String));
		const second = await searchGroups.call(
			loadOptionsContext(routed()),
			'team',
			first.paginationToken as string,
		);
		expect(second.results.map((result) => result.value)).toEqual(ids.slice(50));
		expect(second.paginationToken).toBeUndefined();
		const calls = sim.requests.filter((request) => request.path.endsWith('/groups/list'));
		expect(JSON.parse(calls[1].bodyText)).toMatchObject({
			MaxResults: 50,
			NextToken: expect.any(String),
		});
	});

	it('lists assets with their status, and asks for the routing value first', async () => {
		avatarSim(sim).clear();
		const groupId = await createGroup(sim, 'g');
		const assetId = await uploadAsset(sim, groupId, { options: { Name: 'portrait' } });
		const found = await searchAssets.call(loadOptionsContext(routed()));
		expect(found.results).toEqual([{ name: `portrait (${assetId}, Processing)`, value: assetId }]);
		await expect(searchAssets.call(loadOptionsContext({}))).rejects.toThrow(
			'Avatar Routing Value is not set',
		);
	});
});
