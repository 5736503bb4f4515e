import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

describe('Social Data errors name the operation as the editor shows it', () => {
	it('a service rejection: the action name in the message, the wire name in the details', async () => {
		sim.faults.queue({ endpoint: 'search_notes', status: 500 });
		const { error } = await runSocialData(sim, {
			resource: 'notes',
			operation: 'search_notes',
			keyword: 'acme',
			returnAll: false,
			limit: 5,
		});
		expect(error?.message).toMatch(/"Search notes"/);
		expect(error?.message).not.toMatch(/search_notes/);
		expect((error as { description?: string }).description).toMatch(/Endpoint: search_notes/);
	});

	it('an input error names the field and the operation before any call', async () => {
		const { error } = await runSocialData(sim, {
			resource: 'notes',
			operation: 'search_notes',
			keyword: '   ',
			returnAll: false,
			limit: 5,
		});
		expect(error?.message).toMatch(/^Field "keyword" \(Keyword\) .* \(item 0\)/);
		const missing = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'fetch_one_video_danmaku',
			item_id: '7',
			duration: '',
			start_time: 0,
			end_time: 10,
		});
		expect(missing.error?.message).toMatch(/"duration".* is required for "Get video danmaku"/);
		expect(sim.requests).toHaveLength(0);
	});
});
