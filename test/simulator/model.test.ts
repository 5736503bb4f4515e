import { inflateSync } from 'node:zlib';
import { jpegSize } from '../../simulator/routes/model/jpeg';
import { crc32 } from '../../simulator/routes/model/png';
import { SIMULATOR_API_KEY, type Simulator } from '../../simulator';
import { useSimulator } from '../support/useSimulator';

/** A JSON answer, loosely typed for reading in assertions. */
const read = (response: Response): Promise<any> => response.json();

/** Checks every chunk's CRC and inflates the pixel data: a real PNG, not just a signature. */
function decodePng(bytes: Buffer) {
	expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	let offset = 8;
	const chunks: Array<{ type: string; data: Buffer }> = [];
	while (offset < bytes.length) {
		const length = bytes.readUInt32BE(offset);
		const type = bytes.toString('ascii', offset + 4, offset + 8);
		const data = bytes.subarray(offset + 8, offset + 8 + length);
		expect(bytes.readUInt32BE(offset + 8 + length)).toBe(
			crc32(bytes.subarray(offset + 4, offset + 8 + length)),
		);
		chunks.push({ type, data });
		offset += 12 + length;
	}
	expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
	const width = chunks[0].data.readUInt32BE(0);
	const height = chunks[0].data.readUInt32BE(4);
	const pixels = inflateSync(chunks[1].data);
	expect(pixels.length).toBe(height * (1 + width * 3));
	return { width, height };
}

describe('simulator: model interfaces', () => {
	let sim: Simulator;
	const key = SIMULATOR_API_KEY;
	const native = (model: string, action: string, body: unknown, query = `key=${key}`) =>
		fetch(`${sim.url}/v1beta/models/${model}:${action}?${query}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
	const chat = (
		body: unknown,
		headers: Record<string, string> = { authorization: `Bearer ${key}` },
	) =>
		fetch(`${sim.url}/v1/chat/completions`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: JSON.stringify(body),
		});
	const messages = (
		body: unknown,
		headers: Record<string, string> = { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
	) =>
		fetch(`${sim.url}/v1/messages`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: JSON.stringify(body),
		});
	const user = (text: string) => [{ role: 'user', parts: [{ text }] }];

	useSimulator((started) => (sim = started), { reset: 'never' });

	it('generateContent answers in the spec shape', async () => {
		const response = await native('gemini-2.5-flash', 'generateContent', {
			contents: user('Hello'),
			tools: [{ googleSearch: {} }],
		});
		expect(response.status).toBe(200);
		const body = await read(response);
		expect(body).toMatchObject({
			candidates: [
				{
					content: { role: 'model', parts: [{ text: expect.any(String) }] },
					finishReason: 'STOP',
					index: 0,
					safetyRatings: expect.arrayContaining([
						{ category: 'HARM_CATEGORY_CIVIC_INTEGRITY', probability: 'NEGLIGIBLE' },
					]),
				},
			],
			createTime: expect.any(String),
			modelVersion: 'gemini-2.5-flash',
			promptFeedback: { safetyRatings: [] },
			responseId: expect.any(String),
			usageMetadata: {
				promptTokenCount: expect.any(Number),
				candidatesTokenCount: expect.any(Number),
				totalTokenCount: expect.any(Number),
				trafficType: 'ON_DEMAND',
			},
		});
		expect(body.candidates[0].groundingMetadata.webSearchQueries).toEqual(['Hello']);
	});

	it('classifies sentiment deterministically and summarises mentions', async () => {
		const classify = async (mention: string) => {
			const response = await chat({
				model: 'gemini-2.5-flash',
				messages: [
					{ role: 'system', content: 'Classify the sentiment of the mention. Answer JSON.' },
					{ role: 'user', content: mention },
				],
			});
			return JSON.parse((await read(response)).choices[0].message.content);
		};
		expect(await classify('I love this brand, great service')).toEqual({
			sentiment: 'positive',
			reason: 'Positive wording: love, great',
		});
		expect(await classify('The charger arrived broken, terrible')).toEqual({
			sentiment: 'negative',
			reason: 'Negative wording: broken, terrible',
		});
		expect((await classify('Ordered one yesterday')).sentiment).toBe('neutral');
		const summary = await chat({
			model: 'gemini-2.5-flash',
			messages: [
				{
					role: 'user',
					content: 'Summarise for the report:\n- I love it\n- broken on arrival\n- arrived today',
				},
			],
		});
		expect((await read(summary)).choices[0].message.content).toMatch(
			/^Summary of 3 mentions: 1 positive, 1 neutral and 1 negative\./,
		);
		// Lines that carry their label are counted by it, whatever their words.
		const labelled = await chat({
			model: 'gemini-2.5-flash',
			messages: [
				{
					role: 'user',
					content:
						'Summarize these:\nacme, notes: I love it, negative\nrival, videos: broken, Positive',
				},
			],
		});
		expect((await read(labelled)).choices[0].message.content).toMatch(
			/^Summary of 2 mentions: 1 positive, 0 neutral and 1 negative\./,
		);
	});

	it('generates real PNG images whose size follows the aspect ratio', async () => {
		for (const [ratio, width, height] of [
			['1:1', 128, 128],
			['16:9', 128, 72],
			['3:4', 96, 128],
		] as const) {
			const response = await native('gemini-2.5-flash-image', 'generateContent', {
				contents: user('A red fox'),
				generationConfig: {
					responseModalities: ['TEXT', 'IMAGE'],
					imageConfig: { aspectRatio: ratio },
				},
			});
			const body = await read(response);
			const image = body.candidates[0].content.parts.find(
				(part: any) => part.inlineData,
			).inlineData;
			expect(image.mimeType).toBe('image/png');
			expect(decodePng(Buffer.from(image.data, 'base64'))).toEqual({ width, height });
		}
	});

	it('answers a real JPEG when the output format asks for one', async () => {
		const response = await native('gemini-3.1-flash-image-preview', 'generateContent', {
			contents: user('A blue whale'),
			generationConfig: {
				responseModalities: ['TEXT', 'IMAGE'],
				imageConfig: { aspectRatio: '4:3', imageOutputOptions: { mimeType: 'image/jpeg' } },
			},
		});
		const image = (await read(response)).candidates[0].content.parts.find(
			(part: any) => part.inlineData,
		).inlineData;
		expect(image.mimeType).toBe('image/jpeg');
		const bytes = Buffer.from(image.data, 'base64');
		expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
		expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
		expect(jpegSize(bytes)).toEqual({ width: 128, height: 96 });
	});

	it('refuses image generation without IMAGE among the modalities, and without generationConfig', async () => {
		const without = await native('gemini-3-pro-image-preview', 'generateContent', {
			contents: user('x'),
		});
		expect(without.status).toBe(400);
		expect((await read(without)).error).toMatchObject({
			code: 400,
			status: 'INVALID_ARGUMENT',
			message: expect.stringMatching(/generationConfig is required/),
		});
		const textOnly = await native('gemini-3-pro-image-preview', 'generateContent', {
			contents: user('x'),
			generationConfig: { responseModalities: ['TEXT'] },
		});
		expect((await read(textOnly)).error.message).toMatch(/must include IMAGE/);
	});

	it('answers a URL with response_format url', async () => {
		const response = await native('gemini-2.5-flash-image', 'generateContent', {
			contents: user('A lighthouse'),
			generationConfig: {
				responseModalities: ['TEXT', 'IMAGE'],
				imageConfig: { aspectRatio: '16:9' },
			},
			response_format: 'url',
		});
		const parts = (await read(response)).candidates[0].content.parts;
		expect(parts.find((part: any) => part.fileData).fileData).toEqual({
			fileUri: expect.stringMatching(
				/^http:\/\/127\.0\.0\.1:\d+\/sim-files\/images\/[0-9a-f]{16}-128x72\.png$/,
			),
			mimeType: 'image/png',
		});
	});

	it('speaks a real 24 kHz 16-bit waveform with the L16 mime type', async () => {
		const response = await native('gemini-2.5-pro-preview-tts', 'generateContent', {
			model: 'gemini-2.5-pro-preview-tts',
			contents: user('Good morning, this is the daily brand report.'),
			generationConfig: {
				responseModalities: ['AUDIO'],
				speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } },
			},
		});
		const part = (await read(response)).candidates[0].content.parts[0].inlineData;
		expect(part.mimeType).toBe('audio/L16;codec=pcm;rate=24000');
		const pcm = Buffer.from(part.data, 'base64');
		expect(pcm.length % 2).toBe(0);
		const samples = Array.from({ length: pcm.length / 2 }, (_, index) =>
			pcm.readInt16LE(index * 2),
		);
		expect(Math.max(...samples)).toBeGreaterThan(9000);
		expect(Math.min(...samples)).toBeLessThan(-9000);
		// Zero crossings per second give the tone's frequency (220-660 Hz by voice).
		let crossings = 0;
		for (let index = 1; index < samples.length; index++)
			if (samples[index - 1] < 0 !== samples[index] < 0) crossings++;
		const frequency = crossings / 2 / (samples.length / 24000);
		expect(frequency).toBeGreaterThan(200);
		expect(frequency).toBeLessThan(680);
	});

	it('embeds deterministically, honouring output_dimensionality, unit length, similar texts closer', async () => {
		const embed = async (text: string, dimensions?: number) => {
			const response = await native('gemini-embedding-001', 'embedContent', {
				content: { parts: [{ text }] },
				output_dimensionality: dimensions,
				taskType: 'SEMANTIC_SIMILARITY',
			});
			return (await read(response)).embedding.values as number[];
		};
		const a = await embed('the phone battery is great', 256);
		expect(a).toHaveLength(256);
		expect(await embed('the phone battery is great', 256)).toEqual(a);
		expect(Math.sqrt(a.reduce((sum, value) => sum + value * value, 0))).toBeCloseTo(1, 3);
		expect(await embed('short', undefined)).toHaveLength(768);
		const cosine = (x: number[], y: number[]) =>
			x.reduce((sum, value, index) => sum + value * y[index], 0);
		expect(cosine(a, await embed('the phone battery is bad', 256))).toBeGreaterThan(
			cosine(a, await embed('recipes for dinner tonight', 256)),
		);
		const tooMany = await native('gemini-embedding-001', 'embedContent', {
			content: { parts: [{ text: 'x' }] },
			output_dimensionality: 5000,
		});
		expect(tooMany.status).toBe(400);
	});

	it('predicts sampleCount PNG images', async () => {
		const response = await native('imagen-4.0-ultra-generate-001', 'predict', {
			instances: [{ prompt: 'A cat' }],
			parameters: { sampleCount: 3 },
		});
		const { predictions } = await read(response);
		expect(predictions).toHaveLength(3);
		for (const prediction of predictions)
			expect(decodePng(Buffer.from(prediction.bytesBase64Encoded, 'base64'))).toEqual({
				width: 128,
				height: 128,
			});
		expect(new Set(predictions.map((p: any) => p.bytesBase64Encoded)).size).toBe(3);
		const missing = await native('imagen-4.0-generate-001', 'predict', {
			instances: [{ prompt: 'A cat' }],
		});
		expect(missing.status).toBe(400);
	});

	it('answers other native actions with the generic {id, object, status}, v1alpha requires contents', async () => {
		const generic = await native('gemini-2.5-flash', 'batchSomething', { anything: true });
		expect(await read(generic)).toEqual({
			id: expect.any(String),
			object: 'batchSomething',
			status: 'completed',
		});
		const alpha = await fetch(
			`${sim.url}/v1alpha/models/gemini-2.5-flash:generateContent?key=${key}`,
			{
				method: 'POST',
				body: JSON.stringify({}),
			},
		);
		expect(alpha.status).toBe(400);
		const list = await fetch(`${sim.url}/v1alpha/models?key=${key}`);
		expect((await read(list)).models.map((model: any) => model.name)).toContain(
			'models/gemini-2.5-flash',
		);
		const unknown = await native('gemini-0-nothing', 'generateContent', { contents: user('x') });
		expect(unknown.status).toBe(404);
		expect((await read(unknown)).error.status).toBe('NOT_FOUND');
	});

	it('lists models in the OpenAI-compatible shape', async () => {
		const list = await read(
			await fetch(`${sim.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } }),
		);
		expect(list.object).toBe('list');
		expect(list.data).toContainEqual({
			id: 'imagen-4.0-generate-001',
			object: 'model',
			owned_by: 'gateway',
			created: expect.any(Number),
		});
		const one = await fetch(`${sim.url}/v1/models/gemini-embedding-001`, {
			headers: { authorization: `Bearer ${key}` },
		});
		expect(await read(one)).toMatchObject({
			id: 'gemini-embedding-001',
			object: 'model',
			owned_by: 'gateway',
		});
		const none = await fetch(`${sim.url}/v1/models/nope`, {
			headers: { authorization: `Bearer ${key}` },
		});
		expect(none.status).toBe(404);
		expect((await read(none)).error.type).toBe('not_found_error');
	});

	it('checks the key per scheme', async () => {
		expect(
			(await native('gemini-2.5-flash', 'generateContent', { contents: user('x') }, 'key=wrong'))
				.status,
		).toBe(401);
		expect(
			(await chat({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, {})).status,
		).toBe(401);
		expect(
			(await chat({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, { 'x-api-key': key }))
				.status,
		).toBe(401);
		expect(
			(
				await messages(
					{ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] },
					{ authorization: `Bearer ${key}` },
				)
			).status,
		).toBe(401);
		expect(
			(
				await messages(
					{ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] },
					{ 'x-api-key': key },
				)
			).status,
		).toBe(400);
		expect(
			(await messages({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }))
				.status,
		).toBe(200);
	});

	it('answers request errors in the style of each interface', async () => {
		const hot = await chat({
			model: 'm',
			temperature: 2.5,
			messages: [{ role: 'user', content: 'x' }],
		});
		expect(hot.status).toBe(400);
		expect((await read(hot)).error).toMatchObject({
			type: 'invalid_request_error',
			message: 'temperature must be a number from 0 to 2',
		});
		const noMax = await messages({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
		expect(await read(noMax)).toEqual({
			type: 'error',
			error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
		});
		const cut = await messages({
			model: 'm',
			max_tokens: 2,
			messages: [{ role: 'user', content: 'tell me something long' }],
		});
		expect(await read(cut)).toMatchObject({
			stop_reason: 'max_tokens',
			usage: { output_tokens: 2 },
		});
	});
});
