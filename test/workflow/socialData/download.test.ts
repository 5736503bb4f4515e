import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { SocialData } from '../../../nodes/SocialData/SocialData.node';
import { binaryBuffer, runNode } from '../../../tools/harness';
import type { Simulator } from '../../../simulator';
import { SIMULATOR_API_KEY } from '../../../simulator';
import { makeTestMp4, probeVideo } from '../../support/ffmpeg';
import { useSimulator } from '../../support/useSimulator';
import { credentialsFor, runSocialData, SOCIAL_DATA_TYPE } from './setup';

// The download operation against the simulator's media hosts: real MP4 files made by ffmpeg,
// channel files encrypted with a fresh ISAAC64 decode key per answer.

let sim: Simulator;
let smallVideo: Buffer;
let largeVideo: Buffer;

useSimulator((started) => (sim = started), {
	reset: (started) => {
		started.reset();
		started.media.use({
			channels: largeVideo,
			shortVideo: smallVideo,
			encryptedLength: 131_072,
			omitEncryptedLengthHeader: false,
		});
	},
});

beforeAll(() => {
	smallVideo = makeTestMp4({ seconds: 1, width: 96, height: 64 });
	largeVideo = makeTestMp4({ seconds: 4, width: 320, height: 240, noise: true });
}, 120_000);

const channelDownload = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'channels',
	operation: 'download',
	object_id: sim.dataset.ids.objectId,
	...extra,
});
const shortVideoDownload = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'shortVideo',
	operation: 'download',
	aweme_id: sim.dataset.ids.awemeId,
	...extra,
});

const mediaRequests = () => sim.requests.filter((request) => request.path.startsWith('/media/'));
const runCalls = (endpoint: string) =>
	sim.requests.filter((request) => request.endpoint?.endsWith(`/${endpoint}`));

async function bytesOf(item: INodeExecutionData, property = 'data'): Promise<Buffer> {
	return await binaryBuffer(item.binary?.[property]);
}

describe('Social Data › Channels › Download Video', () => {
	it('stores the decrypted file: byte for byte the original MP4, which ffprobe reads', async () => {
		expect(largeVideo.length).toBeGreaterThan(131_072);
		const { items, error } = await runSocialData(sim, channelDownload());
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const bytes = await bytesOf(items[0]);
		expect(bytes.equals(largeVideo)).toBe(true);
		expect(probeVideo(bytes)).toMatchObject({ codec: 'h264', width: 320, height: 240 });
		expect(items[0].json).toMatchObject({
			object_id: sim.dataset.ids.objectId,
			fileName: `${sim.dataset.ids.objectId}.mp4`,
			fileSize: largeVideo.length,
			mimeType: 'video/mp4',
			encryptedBytes: 131_072,
		});
		expect(items[0].binary?.data).toMatchObject({
			mimeType: 'video/mp4',
			fileName: `${sim.dataset.ids.objectId}.mp4`,
		});
	});

	it('makes one billed call, and never sends the API key to the media host', async () => {
		await runSocialData(sim, channelDownload());
		expect(sim.ledger.billedCalls()).toBe(1);
		expect(sim.ledger.entries.map((entry) => entry.endpoint)).toEqual([
			'/api/v1/wechat_channels/v2/fetch_video_detail',
		]);
		const [media] = mediaRequests();
		expect(media.status).toBe(200);
		expect(media.headers.authorization).toBeUndefined();
		expect(JSON.stringify(media.headers) + JSON.stringify(media.query)).not.toContain(
			SIMULATOR_API_KEY,
		);
	});

	it('decrypts a file shorter than the encrypted length as far as it goes', async () => {
		expect(smallVideo.length).toBeLessThan(131_072);
		sim.media.use({ channels: smallVideo });
		const { items } = await runSocialData(sim, channelDownload());
		const bytes = await bytesOf(items[0]);
		expect(bytes.equals(smallVideo)).toBe(true);
		expect(items[0].json.encryptedBytes).toBe(smallVideo.length);
		expect(probeVideo(bytes).codec).toBe('h264');
	});

	it('honours X-enclen, and assumes 131072 when the header is missing', async () => {
		sim.media.use({ encryptedLength: 4096 });
		const custom = await runSocialData(sim, channelDownload());
		expect((await bytesOf(custom.items[0])).equals(largeVideo)).toBe(true);
		expect(custom.items[0].json.encryptedBytes).toBe(4096);

		sim.media.use({ encryptedLength: 131_072, omitEncryptedLengthHeader: true });
		const assumed = await runSocialData(sim, channelDownload());
		expect((await bytesOf(assumed.items[0])).equals(largeVideo)).toBe(true);
		expect(assumed.items[0].json.encryptedBytes).toBe(131_072);
	});

	it('every answer brings a new link and key; each download uses its own answer', async () => {
		const inputItems = [{ json: {} }, { json: {} }];
		const { items } = await runSocialData(sim, channelDownload(), { inputItems });
		expect(items).toHaveLength(2);
		for (const item of items) expect((await bytesOf(item)).equals(largeVideo)).toBe(true);
		const tokens = mediaRequests().map((request) => request.query.token);
		expect(new Set(tokens).size).toBe(2);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('a decode_key of another answer fails clearly, without calling the billed endpoint again', async () => {
		const earlier = await runSocialData(sim, {
			resource: 'channels',
			operation: 'fetch_video_detail',
			object_id: sim.dataset.ids.objectId,
			export_id: '',
			share_url: '',
			options: { raw: false },
		});
		const staleKey = String((earlier.items[0].json.media as { decode_key: string }).decode_key);
		sim.reset();
		sim.faults.queue({ endpoint: 'fetch_video_detail', data: { 'media.decode_key': staleKey } });
		const { error, items } = await runSocialData(sim, channelDownload());
		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/did not decrypt to an MP4 \(no ftyp box at bytes 4\.\.8\): the decode_key belongs to another answer/,
		);
		expect(error?.message).toMatch(
			/fetch the video detail again and download with that answer's key/,
		);
		expect(error?.message).toMatch(
			/The link came from one call of fetch_video_detail, which is not repeated/,
		);
		expect(runCalls('fetch_video_detail')).toHaveLength(1);
		expect(sim.ledger.billedCalls()).toBe(1);
	});

	it('a link without its token meets the hotlink protection: a clear 403 error', async () => {
		sim.faults.queue({ endpoint: 'fetch_video_detail', data: { 'media.url_token': '' } });
		const { error } = await runSocialData(sim, channelDownload());
		expect(error?.message).toMatch(
			/The media host refused the download of media\.url \+ media\.url_token of fetch_video_detail \(HTTP 403\)/,
		);
		expect(error?.message).toMatch(/protected against hotlinking/);
		expect(runCalls('fetch_video_detail')).toHaveLength(1);
	});

	it('a download cut off midway fails clearly and is not fetched again', async () => {
		sim.faults.queue({ endpoint: '/media/channels/stodownload', truncate: true });
		const { error, items } = await runSocialData(sim, channelDownload());
		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			new RegExp(
				`The download of media\\.url \\+ media\\.url_token of fetch_video_detail broke off after \\d+ of ${largeVideo.length} bytes \\(connection failed`,
			),
		);
		expect(error?.message).toMatch(
			/The link came from one call of fetch_video_detail, which is not repeated/,
		);
		expect(mediaRequests()).toHaveLength(1);
		expect(runCalls('fetch_video_detail')).toHaveLength(1);
	});

	it('a media host error names the status and the link', async () => {
		sim.faults.queue({
			endpoint: '/media/shortvideo/default/original/' + sim.dataset.ids.awemeId + '.mp4',
			status: 503,
		});
		const { error } = await runSocialData(sim, shortVideoDownload());
		expect(error?.message).toMatch(
			/The media host answered the download of the original_video_url of fetch_video_high_quality_play_url with HTTP 503/,
		);
		expect(runCalls('fetch_video_high_quality_play_url')).toHaveLength(1);
	});

	it('checks the input before any call: a missing video id costs nothing', async () => {
		const { error } = await runSocialData(sim, {
			resource: 'channels',
			operation: 'download',
			object_id: '',
			export_id: '',
			share_url: '',
		});
		expect(error?.message).toMatch(
			/One of the fields "object_id", "export_id", "share_url" is required/,
		);
		expect(sim.requests).toHaveLength(0);
	});

	it('with Continue On Fail a failed download becomes an error item naming the endpoint', async () => {
		sim.faults.queue({ endpoint: 'fetch_video_detail', data: { 'media.url_token': '' } });
		const { items } = await runSocialData(sim, channelDownload(), {
			continueOnFail: true,
			inputItems: [{ json: {} }, { json: {} }],
		});
		expect(items).toHaveLength(2);
		expect(items[0].json).toMatchObject({
			endpoint: 'media.url + media.url_token of fetch_video_detail',
			status: 403,
		});
		expect(items[0].binary).toBeUndefined();
		expect((await bytesOf(items[1])).equals(largeVideo)).toBe(true);
	});

	it("streams the file into n8n's binary store: n8n gets a stream, never a Buffer of the file", async () => {
		const store = jest.spyOn(Container.get(BinaryDataService), 'store');
		try {
			const { items } = await runSocialData(
				sim,
				channelDownload({ options: { binaryPropertyName: 'video' } }),
			);
			expect(store).toHaveBeenCalledTimes(1);
			const given = store.mock.calls[0][1] as unknown;
			expect(Buffer.isBuffer(given)).toBe(false);
			expect(typeof (given as { pipe?: unknown }).pipe).toBe('function');
			expect((await bytesOf(items[0], 'video')).equals(largeVideo)).toBe(true);
		} finally {
			store.mockRestore();
		}
	});
});

describe('Social Data › Short Video › Download Video', () => {
	it('stores the file behind the high-quality play link, with one billed call', async () => {
		const { items, error } = await runSocialData(
			sim,
			shortVideoDownload({ options: { region: 'US' } }),
		);
		expect(error).toBeUndefined();
		const bytes = await bytesOf(items[0]);
		expect(bytes.equals(smallVideo)).toBe(true);
		expect(probeVideo(bytes)).toMatchObject({ codec: 'h264', width: 96, height: 64 });
		expect(items[0].json).toMatchObject({
			video_id: sim.dataset.ids.awemeId,
			fileName: `${sim.dataset.ids.awemeId}.mp4`,
			fileSize: smallVideo.length,
			mimeType: 'video/mp4',
		});
		expect(sim.ledger.billedCalls()).toBe(1);
		const [media] = mediaRequests();
		expect(media.path).toMatch(/^\/media\/shortvideo\/us\/original\//);
		expect(media.headers.authorization).toBeUndefined();
	});

	it('Many Videos: one binary item per video found, the others reported, one batch call', async () => {
		const ids = sim.dataset.ids.awemeId;
		const unknown = 'not-an-id';
		const { items, hints } = await runSocialData(sim, {
			resource: 'shortVideo',
			operation: 'download',
			videoSelection: 'batch',
			aweme_ids: `${ids},${unknown}`,
		});
		expect(items).toHaveLength(2);
		expect((await bytesOf(items[0])).equals(smallVideo)).toBe(true);
		expect(items[0].json).toMatchObject({ video_id: ids, downloaded: true });
		expect(items[1].json).toMatchObject({
			video_id: unknown,
			downloaded: false,
			error: 'Invalid aweme_id',
		});
		expect(items[1].binary).toBeUndefined();
		expect(hints).toEqual([
			'1 of 2 videos were not downloaded; their items say why (downloaded: false, error)',
		]);
		expect(runCalls('fetch_multi_video_high_quality_play_url')).toHaveLength(1);
		expect(mediaRequests()).toHaveLength(1);
	});
});

describe('Download Video under the spending limits of the node', () => {
	const ceilingMessage = (endpoint: string) =>
		new RegExp(
			`^Stopped before calling ${endpoint}: the Credit Ceiling per Hour of 0\\.3 credits is reached \\(0\\.3 credits spent in the last hour with this credential in this workflow; this call costs 0\\.1\\)\\. Nothing was sent\\.`,
		);

	it('the Credit Ceiling per Hour counts link calls across executions, with the searches of the same workflow', async () => {
		const staticData: IDataObject = {};
		const workflow = { staticData, workflowId: 'downloadCeiling' };
		const limit = { options: { creditCeilingPerHour: 0.3 } };
		// One search and two downloads use the three calls the ceiling allows in an hour.
		const search = await runSocialData(
			sim,
			{ resource: 'notes', operation: 'search_notes', keyword: 'acme', limit: 5, ...limit },
			workflow,
		);
		expect(search.error).toBeUndefined();
		const downloads = [
			await runSocialData(sim, channelDownload(limit), workflow),
			await runSocialData(sim, shortVideoDownload(limit), workflow),
		];
		for (const run of downloads) {
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(1);
		}
		const stopped = await runSocialData(sim, channelDownload(limit), workflow);
		expect(stopped.items).toHaveLength(0);
		expect(stopped.error?.message).toMatch(ceilingMessage('fetch_video_detail'));
		expect(sim.ledger.billedCalls()).toBe(3);
		expect(runCalls('fetch_video_detail')).toHaveLength(1);
		expect(mediaRequests()).toHaveLength(2);
	});

	it('a ceiling reached within one execution keeps the files already paid for, with a hint', async () => {
		const inputItems = [{ json: {} }, { json: {} }, { json: {} }, { json: {} }];
		const { items, error, hints } = await runSocialData(
			sim,
			channelDownload({ options: { creditCeilingPerHour: 0.3 } }),
			{ inputItems, staticData: {}, workflowId: 'downloadCeilingOneRun' },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const item of items) expect((await bytesOf(item)).equals(largeVideo)).toBe(true);
		expect(hints).toEqual([
			expect.stringMatching(/^The Credit Ceiling counts this workflow's spend in its static data/),
			expect.stringMatching(
				/^Stopped at item 4 of 4: it and the items not started yet were not sent; the records already paid for are in the output\. Stopped before calling fetch_video_detail: the Credit Ceiling per Hour of 0\.3 credits/,
			),
		]);
		expect(sim.ledger.billedCalls()).toBe(3);
		expect(mediaRequests()).toHaveLength(3);
	});

	it('Many Videos: a batch call is priced as one call against the Credit Budget, checked before any call', async () => {
		const ids = sim.dataset.ids.awemeId;
		const many = (creditBudget: number) =>
			shortVideoDownload({
				videoSelection: 'batch',
				aweme_ids: ids,
				options: { creditBudget },
			});
		const inputItems = [{ json: {} }, { json: {} }];
		const refused = await runSocialData(sim, many(0.1), { inputItems });
		expect(refused.error?.message).toBe(
			'This execution needs at least 2 calls, about 0.2 credits, more than the Credit Budget of 0.1. Nothing was sent',
		);
		expect(sim.requests.filter((request) => request.path === '/api/v1/run')).toHaveLength(0);

		const allowed = await runSocialData(sim, many(0.2), { inputItems });
		expect(allowed.error).toBeUndefined();
		expect(allowed.items).toHaveLength(2);
		expect(sim.ledger.billedCalls()).toBe(2);
	});

	it('Many Videos of more than 50 ids: a ceiling that stops the second call keeps the videos of the first', async () => {
		const valid = sim.dataset.ids.awemeId;
		const unknown = Array.from({ length: 54 }, (_, index) => `not-an-id-${index}`);
		const { items, error, hints } = await runSocialData(
			sim,
			shortVideoDownload({
				videoSelection: 'batch',
				aweme_ids: [valid, ...unknown].join(','),
				options: { creditCeilingPerHour: 0.1 },
			}),
			{ staticData: {}, workflowId: 'downloadCeilingManyVideos' },
		);
		expect(error).toBeUndefined();
		// The first call took the valid id and 49 unknown ones; the other 5 were never sent.
		expect(items).toHaveLength(50);
		expect(items[0].json).toMatchObject({ video_id: valid, downloaded: true });
		expect((await bytesOf(items[0])).equals(smallVideo)).toBe(true);
		expect(items.slice(1).every((item) => item.json.downloaded === false)).toBe(true);
		expect(sim.ledger.billedCalls()).toBe(1);
		expect(runCalls('fetch_multi_video_high_quality_play_url')).toHaveLength(1);
		expect(hints).toEqual([
			expect.stringMatching(/^The Credit Ceiling counts this workflow's spend in its static data/),
			'49 of 50 videos were not downloaded; their items say why (downloaded: false, error)',
			expect.stringMatching(
				/^Stopped within item 1 of 1: the videos whose links were paid for are in the output, the rest of its ids and the items after it were not sent\. Stopped before calling fetch_multi_video_high_quality_play_url: the Credit Ceiling per Hour of 0\.1 credits/,
			),
		]);
	});

	it('a negative Credit Budget is refused before any call, naming the field and the item', async () => {
		const { error } = await runSocialData(sim, channelDownload({ options: { creditBudget: -1 } }));
		expect(error?.message).toMatch(/Credit Budget.*must be a number of credits, 0 or more.*item 0/);
		expect(sim.requests).toHaveLength(0);
	});
});

describe('Whose Credit Budget counts: the first item that passed its checks, in every operation', () => {
	// Item 0 is refused (no video id) under Continue On Fail with a budget that would allow
	// everything; item 1's budget is the one that counts, for the calls of items 1 and 2.
	const inputItems = (leadBudget: number) => [
		{ json: { id: '', budget: 5 } },
		{ json: { id: sim.dataset.ids.awemeId, budget: leadBudget } },
		{ json: { id: sim.dataset.ids.awemeId, budget: 5 } },
	];
	const operations: Array<[string, INodeParameters, string]> = [
		['an endpoint (Fetch One Video)', { operation: 'fetch_one_video' }, 'fetch_one_video'],
		['Download Video', { operation: 'download' }, 'download'],
	];

	it.each(operations)('%s', async (_, operation, endpoint) => {
		const parameters: INodeParameters = {
			resource: 'shortVideo',
			...operation,
			aweme_id: '={{ $json.id }}',
			options: { creditBudget: '={{ $json.budget }}' },
		};
		const refused = await runSocialData(sim, parameters, {
			inputItems: inputItems(0.1),
			continueOnFail: true,
		});
		expect(refused.error?.message).toBe(
			'This execution needs at least 2 calls, about 0.2 credits, more than the Credit Budget of 0.1. Nothing was sent',
		);
		expect(sim.requests).toHaveLength(0);

		const allowed = await runSocialData(sim, parameters, {
			inputItems: inputItems(0.2),
			continueOnFail: true,
		});
		expect(allowed.error).toBeUndefined();
		expect(allowed.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(allowed.items[0].json).toMatchObject({
			error: expect.stringMatching(/aweme_id.*\(item 0\)/),
			endpoint,
		});
		expect(sim.ledger.billedCalls()).toBe(2);
	});
});

describe('Download Video as an AI Agent tool', () => {
	const runAsTool = async (parameters: INodeParameters) =>
		await runNode({
			node: new SocialData(),
			type: `${SOCIAL_DATA_TYPE}Tool`,
			parameters,
			credentials: credentialsFor(sim),
		});

	it('returns links and metadata instead of binaries, and downloads nothing', async () => {
		const channel = await runAsTool(channelDownload());
		expect(channel.errorOf()).toBeUndefined();
		expect(channel.items[0].binary).toBeUndefined();
		expect(channel.items[0].json).toMatchObject({
			object_id: sim.dataset.ids.objectId,
			encrypted: true,
		});
		expect(String(channel.items[0].json.media_url)).toMatch(
			/\/media\/channels\/stodownload\?encfilekey=.*&token=/,
		);
		expect(String(channel.items[0].json.decode_key)).toMatch(/^\d{1,20}$/);

		const short = await runAsTool(shortVideoDownload());
		expect(short.items[0].binary).toBeUndefined();
		expect(String(short.items[0].json.original_video_url)).toMatch(
			/\/media\/shortvideo\/default\/original\//,
		);
		const many = await runAsTool({
			resource: 'shortVideo',
			operation: 'download',
			videoSelection: 'batch',
			aweme_ids: `${sim.dataset.ids.awemeId},not-an-id`,
		});
		expect(
			many.items.map((item) => [item.json.video_id, item.binary, item.json.downloaded ?? true]),
		).toEqual([
			[sim.dataset.ids.awemeId, undefined, true],
			['not-an-id', undefined, false],
		]);
		expect(mediaRequests()).toHaveLength(0);
		expect(sim.ledger.billedCalls()).toBe(3);
	});
});
