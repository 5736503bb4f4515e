import type { ILoadOptionsFunctions, INodeParameters } from 'n8n-workflow';
import { searchGroups } from '../../nodes/AvatarAssets/methods/listSearch';
import type { Simulator } from '../../simulator';
import { avatarSim } from '../../simulator/routes/avatar';
import { loadOptionsContext } from '../../tools/harness/n8nHttp';
import { credentialsFor as avatarCredentials, routed, runAvatar } from './avatarAssets/setup';
import { model, runModelGateway } from './modelGateway/setup';
import { runSocialData } from './socialData/setup';
import { useSimulator } from '../support/useSimulator';

/**
 * JSON the user types is read the way answers are: an integer beyond 2^53-1 keeps every digit on
 * its way to the service, and goes out as the JSON number the user wrote.
 */

let sim: Simulator;
useSimulator((started) => (sim = started), {
	reset: (started) => {
		started.reset();
		avatarSim(started).clear();
	},
});

const BIG = '7340000000000000123';
/** What JSON.parse makes of it. */
const ROUNDED = String(Number(BIG));

function sentDigits(bodyText: string, key: string): void {
	expect(bodyText).not.toContain(ROUNDED);
	expect(bodyText).toContain(`"${key}":${BIG}`);
}

describe('JSON typed into parameters keeps 64-bit integers digit for digit', () => {
	it('Model Gateway › Native › Body', async () => {
		const { error } = await runModelGateway(sim, {
			resource: 'native',
			operation: 'call',
			apiVersion: 'v1beta',
			modelId: model('gemini-2.5-flash'),
			action: 'generateContent',
			body: `{"contents": [{"role": "user", "parts": [{"text": "Hello"}]}], "generationConfig": {"seed": ${BIG}}}`,
		});
		expect(error).toBeUndefined();
		sentDigits(sim.requests[0].bodyText, 'seed');
	});

	it('Model Gateway › Text › Contents (JSON)', async () => {
		const { error } = await runModelGateway(sim, {
			resource: 'text',
			operation: 'generate',
			modelId: model('gemini-2.5-flash'),
			options: {
				contentsJson: `[{"role": "user", "parts": [{"text": "Hello", "traceId": ${BIG}}]}]`,
			},
		});
		expect(error).toBeUndefined();
		sentDigits(sim.requests[0].bodyText, 'traceId');
	});

	it('Avatar Assets › Additional Body Fields', async () => {
		const { error } = await runAvatar(sim, {
			resource: 'group',
			operation: 'create',
			Name: 'big ids',
			options: { additionalBodyFields: `{"ProjectId": ${BIG}}` },
		});
		expect(error).toBeUndefined();
		sentDigits(sim.requests[0].bodyText, 'ProjectId');
	});

	it('Avatar Assets › a list filter given in Additional Body Fields', async () => {
		const { error } = await runAvatar(sim, {
			resource: 'asset',
			operation: 'list',
			returnAll: true,
			options: { additionalBodyFields: `{"Filter": {"OwnerId": ${BIG}}}` },
		});
		expect(error).toBeUndefined();
		sentDigits(sim.requests[0].bodyText, 'OwnerId');
	});

	it("Avatar Assets › the searchable list's Additional Body Fields", async () => {
		const options: INodeParameters = routed({ additionalBodyFields: `{"ProjectId": ${BIG}}` });
		const context: ILoadOptionsFunctions = loadOptionsContext(
			avatarCredentials(sim).socialGatewayApi,
			(name, fallback) =>
				name.startsWith('options.') ? (options[name.slice(8)] ?? fallback) : fallback,
		);
		await searchGroups.call(context, 'any');
		sentDigits(sim.requests[0].bodyText, 'ProjectId');
	});

	it('Social Data › Gateway › Run input', async () => {
		const { error } = await runSocialData(sim, {
			resource: 'gateway',
			operation: 'run',
			endpointPath: '/api/v1/douyin/web/fetch_one_video_v2',
			input: `{"aweme_id": "${sim.dataset.ids.awemeId}", "trace_id": ${BIG}}`,
		});
		expect(error).toBeUndefined();
		sentDigits(sim.requests[0].bodyText, 'trace_id');
	});

	it('Social Data › Additional Input (JSON)', async () => {
		const { error } = await runSocialData(sim, {
			resource: 'articles',
			operation: 'fetch_comment_replies',
			content_id: sim.dataset.ids.contentId,
			additionalInput: `{"reply_id": ${BIG}}`,
		});
		expect(error).toBeUndefined();
		sentDigits(sim.requests[0].bodyText, 'reply_id');
	});
});
