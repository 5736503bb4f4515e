import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

/** A gateway forwards only the upstream endpoints its operator enabled (issue 32, item 6). */
describe.each([404, 400] as const)(
	'an endpoint this gateway does not forward (refused with %i)',
	(status) => {
		let sim: Simulator;
		useSimulator((started) => (sim = started), {
			notForwarded: { endpoints: ['get_user_info'], status },
		});

		it('fails naming the endpoint and pointing to the provider, with nothing billed and no empty result', async () => {
			const { items, error } = await runSocialData(sim, {
				resource: 'notes',
				operation: 'get_user_info',
				user_id: '5f0e9d3c000000000101e4a1',
			});
			expect(error?.message).toMatch(
				/does not forward \/api\/v1\/xiaohongshu\/app_v2\/get_user_info: ask your provider to enable/,
			);
			expect(error?.message).toMatch(/provider value "tikhub"/);
			expect(error?.message).toContain(String(status));
			expect(items).toHaveLength(0);
			expect(sim.ledger.credits()).toBe(0);
			expect(sim.requests).toHaveLength(1);
		});

		it('an item of a run that goes on (Continue On Fail) carries the same explanation', async () => {
			const { items } = await runSocialData(
				sim,
				{
					resource: 'notes',
					operation: 'get_user_info',
					user_id: '5f0e9d3c000000000101e4a1',
				},
				{ continueOnFail: true },
			);
			expect(items).toHaveLength(1);
			expect(JSON.stringify(items[0].json)).toMatch(/does not forward/);
		});

		it('an endpoint the gateway forwards still answers', async () => {
			const { items, error } = await runSocialData(sim, {
				resource: 'notes',
				operation: 'search_notes',
				keyword: 'acme',
				returnAll: false,
				limit: 2,
			});
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
		});
	},
);

describe('a refusal of bad input (400 naming a field) is not taken for an endpoint left unforwarded', () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started));

	it('keeps the service message of the field', async () => {
		const { error } = await runSocialData(sim, {
			resource: 'gateway',
			operation: 'run',
			endpointPath: '/api/v1/wechat_search/v2/fetch_search',
			input: JSON.stringify({ keyword: 'acme', business_type: 'nonsense' }),
		});
		expect(error?.message).not.toMatch(/does not forward/);
	});
});
