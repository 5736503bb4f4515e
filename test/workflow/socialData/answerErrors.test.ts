import type { INodeParameters } from 'n8n-workflow';
import { SocialData } from '../../../nodes/SocialData/SocialData.node';
import { runNode } from '../../../tools/harness';
import type { Simulator } from '../../../simulator';
import { SIMULATOR_API_KEY } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { credentialsFor, SOCIAL_DATA_TYPE } from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

async function run(parameters: INodeParameters, continueOnFail: boolean) {
	const result = await runNode({
		node: new SocialData(),
		type: SOCIAL_DATA_TYPE,
		parameters,
		credentials: credentialsFor(sim),
		continueOnFail,
	});
	return { items: result.items, error: result.errorOf(), everything: JSON.stringify(result.run) };
}

/** Errors a 200 answer carries (billed): the notes upstream error and the channel-id miss, echoing the key as some services do. */
const cases: Array<[string, () => INodeParameters, string, Record<string, unknown>]> = [
	[
		'notes › get_user_info: data.success false',
		() => ({
			resource: 'notes',
			operation: 'get_user_info',
			user_id: sim.dataset.ids.noteUserId,
			share_text: '',
		}),
		'get_user_info',
		{
			code: -1,
			success: false,
			msg: `upstream error: token ${SIMULATOR_API_KEY} may not read this user`,
			data: null,
		},
	],
	[
		'channels › fetch_channel_id_to_username: a miss',
		() => ({
			resource: 'channels',
			operation: 'fetch_channel_id_to_username',
			channel_id: sim.dataset.ids.channelId,
			options: { raw: false },
		}),
		'fetch_channel_id_to_username',
		{
			username: null,
			nickname: null,
			desc: null,
			error: `Channel id not resolved for key=${encodeURIComponent(SIMULATOR_API_KEY)} (${SIMULATOR_API_KEY})`,
		},
	],
];

describe('Social Data: an error carried inside a 200 answer never shows the API key', () => {
	it.each(cases)('%s: the node error', async (_, parameters, endpoint, data) => {
		sim.faults.queue({ endpoint, data });
		const { error, everything } = await run(parameters(), false);
		expect(error?.message).toMatch(/answered with an error: .*\*\*\*/);
		expect(error?.message).not.toContain(SIMULATOR_API_KEY);
		expect(JSON.stringify(error)).not.toContain(SIMULATOR_API_KEY);
		expect(everything).not.toContain(SIMULATOR_API_KEY);
		expect(everything).not.toContain(encodeURIComponent(SIMULATOR_API_KEY));
	});

	it.each(cases)('%s: the Continue-On-Fail item', async (_, parameters, endpoint, data) => {
		sim.faults.queue({ endpoint, data });
		const { items, everything } = await run(parameters(), true);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ endpoint, status: 200 });
		expect(String(items[0].json.serviceMessage)).toContain('***');
		expect(JSON.stringify(items)).not.toContain(SIMULATOR_API_KEY);
		expect(everything).not.toContain(SIMULATOR_API_KEY);
	});
});
