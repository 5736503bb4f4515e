import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../simulator';
import {
	DATA_PATH_PREFIXES,
	MESSAGES_VERSION_HEADER,
	MODEL_PREFIXES,
	type InterfaceNames,
} from '../../nodes/shared/transport/wireNames';
import { useSimulator } from '../support/useSimulator';
import { SocialData } from '../../nodes/SocialData/SocialData.node';
import { runNode, simulatorCredentials } from '../../tools/harness';
import { runSocialData, SOCIAL_DATA_TYPE } from './socialData/setup';
import { binaryItem, model, runModelGateway } from './modelGateway/setup';

// Inside n8n's engine, in both vocabularies: a credential's Interface Names against a simulator
// speaking the same names succeeds; the default (upstream) credential against a simulator that knows
// only the neutral words fails with a clear error, and nothing is billed.

const MODELS: Record<
	InterfaceNames,
	{ text: string; speech: string; embedding: string; prediction: string }
> = {
	upstream: {
		text: 'gemini-2.5-flash',
		speech: 'gemini-2.5-flash-preview-tts',
		embedding: 'gemini-embedding-001',
		prediction: 'imagen-4.0-generate-001',
	},
	neutral: {
		text: 'gm-2.5-flash',
		speech: 'gm-2.5-flash-preview-tts',
		embedding: 'gm-embedding-001',
		prediction: 'img-4.0-generate-001',
	},
};

/** One operation per data group, with what identifies it in the run envelope. */
const DATA_OPERATIONS = (sim: Simulator): Array<[string, string, INodeParameters]> => {
	const ids = sim.dataset.ids;
	return [
		['shortVideo', 'fetch_one_video', { aweme_id: ids.awemeId }],
		['notes', 'get_user_info', { user_id: ids.noteUserId, share_text: '' }],
		['channels', 'fetch_channel_info', { username: ids.finderUsername }],
		['articles', 'fetch_article_detail', { url: ids.articleUrl }],
		['search', 'fetch_search', { keyword: ids.keyword, returnAll: false, limit: 5 }],
	];
};

const GROUPS = ['shortVideo', 'notes', 'channels', 'articles', 'search'] as const;

/** The model operations, each with its model in the given names. */
const MODEL_OPERATIONS = (names: InterfaceNames): Array<[string, INodeParameters]> => [
	[
		'message › create',
		{
			resource: 'message',
			operation: 'create',
			modelId: model(MODELS[names].text),
			messages: { values: [{ role: 'user', content: 'Summarise: I love it' }] },
			max_tokens: 100,
		},
	],
	[
		'speech › generate',
		{
			resource: 'speech',
			operation: 'generate',
			modelId: model(MODELS[names].speech),
			text: 'Good morning',
			voiceName: 'Puck',
		},
	],
	[
		'image › predict',
		{
			resource: 'image',
			operation: 'predict',
			modelId: model(MODELS[names].prediction),
			prompt: 'A mountain lake',
		},
	],
	[
		'embedding › embed',
		{
			resource: 'embedding',
			operation: 'embed',
			modelId: model(MODELS[names].embedding),
			text: 'hello',
		},
	],
];

const bodyOf = (sim: Simulator) =>
	sim.requests
		.filter((request) => request.path === '/api/v1/run')
		.map((r) => JSON.parse(r.bodyText));

describe.each<InterfaceNames>(['upstream', 'neutral'])(
	'a %s credential against a simulator speaking the same names',
	(names) => {
		let sim: Simulator;
		useSimulator((started) => (sim = started), { interfaceNames: names });
		const credentialNames = names === 'upstream' ? undefined : names;

		it.each(GROUPS)('%s: one operation answers, its path in these names, billed', async (group) => {
			const [resource, operation, parameters] = DATA_OPERATIONS(sim).find(
				([key]) => key === group,
			)!;
			const { items, error } = await runSocialData(
				sim,
				{ resource, operation, ...parameters },
				{ interfaceNames: credentialNames },
			);
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
			const [body] = bodyOf(sim);
			expect(body.endpoint).toBe(DATA_PATH_PREFIXES[group][names] + operation);
			expect(body.provider).toBe('tikhub');
			expect(sim.ledger.billedCalls()).toBe(1);
		});

		it.each<InterfaceNames>(['upstream', 'neutral'])(
			'gateway › run takes a path written in %s names and sends it in these',
			async (written) => {
				const { items, error } = await runSocialData(
					sim,
					{
						resource: 'gateway',
						operation: 'run',
						endpointPath: `${DATA_PATH_PREFIXES.shortVideo[written]}fetch_one_video_v2`,
						input: JSON.stringify({ aweme_id: sim.dataset.ids.awemeId }),
					},
					{ interfaceNames: credentialNames },
				);
				expect(error).toBeUndefined();
				expect(items).toHaveLength(1);
				expect(bodyOf(sim)[0].endpoint).toBe(
					`${DATA_PATH_PREFIXES.shortVideo[names]}fetch_one_video_v2`,
				);
				expect(sim.ledger.billedCalls()).toBe(1);
			},
		);

		it.each(MODEL_OPERATIONS(names))('%s answers', async (_name, parameters) => {
			const { items, error } = await runModelGateway(sim, parameters, {
				interfaceNames: credentialNames,
			});
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
		});

		it('the Bearer-only model and its 500 MB input rule hold for this vocabulary’s id', async () => {
			const flashLite = `${MODEL_PREFIXES[names].native}3.1-flash-lite-image`;
			const generated = await runModelGateway(
				sim,
				{ resource: 'image', operation: 'generate', modelId: model(flashLite), prompt: 'A lake' },
				{ interfaceNames: credentialNames },
			);
			expect(generated.error).toBeUndefined();
			expect(sim.requests[0].headers.authorization).toMatch(/^Bearer /);
			expect(sim.requests[0].query.key).toBeUndefined();

			sim.reset();
			const item = binaryItem(
				{},
				{ data: { bytes: Buffer.from('tiny'), mimeType: 'video/mp4', fileName: 'huge.mp4' } },
			);
			item.binary!.data.bytes = 501 * 1024 * 1024;
			const refused = await runModelGateway(
				sim,
				{
					resource: 'image',
					operation: 'edit',
					modelId: model(flashLite),
					prompt: 'A still',
					binaryPropertyNames: 'data',
				},
				{ inputItems: [item], interfaceNames: credentialNames },
			);
			expect(refused.error?.message).toMatch(/accepts at most 500 MB/);
			expect(sim.requests).toHaveLength(0);
		});

		it('message › create carries the version header of these names, not the other', async () => {
			const [, parameters] = MODEL_OPERATIONS(names)[0];
			await runModelGateway(sim, parameters, { interfaceNames: credentialNames });
			const [request] = sim.requests.filter((r) => r.path === '/v1/messages');
			const other = names === 'upstream' ? 'neutral' : 'upstream';
			expect(request.headers[MESSAGES_VERSION_HEADER[names]]).toBe('2023-06-01');
			expect(request.headers[MESSAGES_VERSION_HEADER[other]]).toBeUndefined();
		});
	},
);

describe('the credential’s Provider', () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started));

	it('is the run envelope’s provider: another value than the gateway routes is refused, unbilled', async () => {
		const result = await runNode({
			node: new SocialData(),
			type: SOCIAL_DATA_TYPE,
			parameters: {
				resource: 'shortVideo',
				operation: 'fetch_one_video',
				aweme_id: sim.dataset.ids.awemeId,
			},
			credentials: simulatorCredentials(sim.url, { provider: 'another-upstream' }),
		});
		expect(result.errorOf()?.message).toMatch(/HTTP 400: Invalid provider/);
		expect(bodyOf(sim)[0].provider).toBe('another-upstream');
		expect(sim.ledger.billedCalls()).toBe(0);
	});
});

describe('the default (upstream) credential against a simulator that knows only the neutral words', () => {
	let sim: Simulator;
	useSimulator((started) => (sim = started), { interfaceNames: 'neutral' });

	it.each(GROUPS)('%s fails with a clear error, nothing billed', async (group) => {
		const [resource, operation, parameters] = DATA_OPERATIONS(sim).find(([key]) => key === group)!;
		const { error } = await runSocialData(sim, { resource, operation, ...parameters });
		expect(error?.message).toContain(
			`HTTP 404: Unknown endpoint: ${DATA_PATH_PREFIXES[group].upstream}${operation}`,
		);
		expect(error?.message).toMatch(/Interface Names to Neutral Names/);
		expect(bodyOf(sim)[0].endpoint).toBe(DATA_PATH_PREFIXES[group].upstream + operation);
		expect(sim.ledger.billedCalls()).toBe(0);
		expect(sim.ledger.credits()).toBe(0);
	});

	it('gateway › run fails the same way, whichever vocabulary the path is written in', async () => {
		for (const written of ['upstream', 'neutral'] as const) {
			sim.reset();
			const { error } = await runSocialData(sim, {
				resource: 'gateway',
				operation: 'run',
				endpointPath: `${DATA_PATH_PREFIXES.shortVideo[written]}fetch_one_video_v2`,
				input: JSON.stringify({ aweme_id: sim.dataset.ids.awemeId }),
			});
			expect(error?.message).toMatch(/HTTP 404: Unknown endpoint: \/api\/v1\/douyin\/web\//);
			expect(error?.message).toMatch(/Interface Names to Neutral Names/);
			expect(sim.ledger.billedCalls()).toBe(0);
		}
	});

	it.each(MODEL_OPERATIONS('upstream'))(
		'%s fails with a clear error',
		async (_name, parameters) => {
			const { error } = await runModelGateway(sim, parameters);
			expect(error?.message).toMatch(/HTTP (400|404)/);
			expect(error?.message).toMatch(/Interface Names to Neutral Names/);
			expect(sim.ledger.billedCalls()).toBe(0);
		},
	);
});
