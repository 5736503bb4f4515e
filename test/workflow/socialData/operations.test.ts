import type { GroupKey } from '../../../nodes/SocialData/descriptor';
import { endpointPath, ENDPOINTS, findEndpoint } from '../../../nodes/SocialData/descriptor';
import type { Simulator } from '../../../simulator';
import { operationParameters, runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

let sim: Simulator;
useSimulator((started) => (sim = started));

describe('Social Data: every operation of every resource, in n8n', () => {
	it.each(ENDPOINTS.map((endpoint) => [endpoint.group, endpoint.name]))(
		'%s › %s answers through the run envelope',
		async (resource, operation) => {
			const parameters = {
				resource,
				operation,
				...operationParameters(sim.dataset.ids, resource, operation),
			};
			const { items, error } = await runSocialData(sim, parameters);
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
			for (const item of items) {
				expect(item.error).toBeUndefined();
				expect(item.pairedItem).toEqual({ item: 0 });
			}
			const calls = sim.requests.filter((request) => request.path === '/api/v1/run');
			expect(calls.length).toBeGreaterThan(0);
			for (const call of calls) {
				const body = JSON.parse(call.bodyText);
				expect(body.endpoint).toBe(endpointPath(findEndpoint(operation, resource as GroupKey)!));
				expect(call.headers.authorization).toMatch(/^Bearer /);
			}
			expect(sim.ledger.billedCalls()).toBe(calls.length);
		},
	);

	it('gateway › run calls an endpoint the dropdowns do not list, keeping 64-bit ids', async () => {
		const input = `{"aweme_id": ${sim.dataset.ids.awemeId}}`;
		const { items, error } = await runSocialData(sim, {
			resource: 'gateway',
			operation: 'run',
			endpointPath: '/api/v1/douyin/web/fetch_one_video_v2',
			input,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(sim.requests.find((r) => r.path === '/api/v1/run')!.bodyText).toContain(
			`"aweme_id":"${sim.dataset.ids.awemeId}"`,
		);
	});

	it('gateway › run refuses a path outside /api/v1/ before any call', async () => {
		const { error } = await runSocialData(sim, {
			resource: 'gateway',
			operation: 'run',
			endpointPath: '/v1/models',
			input: '{}',
		});
		expect(error?.message).toMatch(/endpointPath/);
		expect(sim.requests).toHaveLength(0);
	});
});
