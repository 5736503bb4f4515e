import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { searchAssets, searchGroups } from '../../../nodes/AvatarAssets/methods/listSearch';
import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import { avatarSim } from '../../simulator/routes/avatar';
import { credentialsFor, routed, createGroup, uploadAsset } from './setup';

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
afterAll(() => sim.close());

/** The part of n8n's load-options context the searches use. */
function loadOptionsContext(options: Record<string, unknown>): ILoadOptionsFunctions {
	return {
		getCredentials: async () => credentialsFor(sim).socialGatewayApi,
		getNodeParameter: (name: string, fallback?: unknown) => (name.startsWith('options.') ? (options[name.slice(8)] ?? fallback) : fallback),
		getNode: () => ({ id: 'n', name: 'Avatar Assets', type: 'n8n-nodes-social-gateway.avatarAssets', typeVersion: 1, position: [0, 0], parameters: {} }),
	} as unknown as ILoadOptionsFunctions;
}

describe('Avatar Assets: searchable lists of groups and assets', () => {
	it('finds groups by name and pages with a token', async () => {
		avatarSim(sim).clear();
		const ids: string[] = [];
		for (let i = 0; i < 55; i++) ids.push(await createGroup(sim, `team ${i}`));
		await createGroup(sim, 'elsewhere');
		const first = await searchGroups.call(loadOptionsContext(routed()), 'team');
		expect(first.results).toHaveLength(50);
		expect(first.results[0]).toEqual({ name: `team 0 (${ids[0]})`, value: ids[0] });
		expect(first.paginationToken).toBe('2');
		const second = await searchGroups.call(loadOptionsContext(routed()), 'team', first.paginationToken as string);
		expect(second.results.map((result) => result.value)).toEqual(ids.slice(50));
		expect(second.paginationToken).toBeUndefined();
	});

	it('lists assets with their status, and asks for the routing value first', async () => {
		avatarSim(sim).clear();
		const groupId = await createGroup(sim, 'g');
		const assetId = await uploadAsset(sim, groupId, { options: { Name: 'portrait' } });
		const found = await searchAssets.call(loadOptionsContext(routed()));
		expect(found.results).toEqual([{ name: `portrait (${assetId}, Processing)`, value: assetId }]);
		await expect(searchAssets.call(loadOptionsContext({}))).rejects.toThrow('Set Options › Routing Parameter Value first');
	});
});
