import type { Simulator } from '../../simulator';
import { model, runModelGateway } from './modelGateway/setup';
import { runSocialData } from './socialData/setup';
import { useSimulator } from '../support/useSimulator';

/**
 * When the key's credit balance or quota is used up, the service refuses every call before doing
 * the work. Through the nodes in n8n's engine: the node's error names it and says where to fix it,
 * the call is sent once (no retry, no fallback variant), and nothing is billed.
 */

let sim: Simulator;
useSimulator((started) => (sim = started));

const USED_UP =
	/the key's credit balance or quota is used up \(HTTP (402|403): .+\)\. Top up or raise the key's quota in your provider's console$/;

const balanceUsedUp = () => sim.faults.setRate({ rate: 1, kinds: ['quota'] });

describe('a used-up balance or quota, through the nodes', () => {
	it('Social Data: the node fails naming it, sent once, its fallback not tried, nothing billed', async () => {
		balanceUsedUp();
		const { items, error } = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'fetch_one_video',
			aweme_id: sim.dataset.ids.awemeId,
		});
		expect(items).toEqual([]);
		expect(error?.message).toMatch(USED_UP);
		expect(error?.message).toContain('HTTP 402: Insufficient balance');
		expect(sim.requests.map((request) => request.endpoint)).toEqual([
			'/api/v1/douyin/web/fetch_one_video',
		]);
		expect(sim.ledger.billedCalls()).toBe(0);
	});

	it('Social Data with Continue On Fail: each item is an error item saying so', async () => {
		balanceUsedUp();
		const { items, error } = await runSocialData(
			sim,
			{
				resource: 'notes',
				operation: 'search_notes',
				keyword: '={{ $json.term }}',
				returnAll: false,
				limit: 5,
			},
			{
				inputItems: [{ json: { term: 'acme' } }, { json: { term: 'rival' } }],
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		for (const item of items) {
			expect(item.json).toMatchObject({ status: 402 });
			expect(String(item.json.error)).toMatch(USED_UP);
		}
		expect(sim.ledger.billedCalls()).toBe(0);
	});

	it.each([
		[
			'Model Gateway › Chat › Complete',
			{
				resource: 'chat',
				operation: 'complete',
				modelId: model('gemini-2.5-flash'),
				messages: { values: [{ role: 'user', content: 'Summarise the day' }] },
			},
			'/v1/chat/completions',
		],
		[
			'Model Gateway › Message › Create',
			{
				resource: 'message',
				operation: 'create',
				modelId: model('gemini-2.5-flash'),
				messages: { values: [{ role: 'user', content: 'Summarise the day' }] },
			},
			'/v1/messages',
		],
	])('%s: the node fails naming it, sent once', async (_, parameters, path) => {
		balanceUsedUp();
		const { items, error } = await runModelGateway(sim, parameters);
		expect(items).toEqual([]);
		expect(error?.message).toMatch(USED_UP);
		expect(error?.message).toContain('token quota is not enough');
		expect(sim.requests.map((request) => request.path)).toEqual([path]);
	});
});
