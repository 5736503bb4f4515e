import type { Simulator } from '../../../simulator';
import { jpegSize } from '../../../simulator/routes/model/jpeg';
import { URL_IN_INLINE_DATA_MARK } from '../../../simulator/routes/model/nativeAnswers';
import { encodePng, pngSize } from '../../../simulator/routes/model/png';
import {
	binaryItem,
	bodyOf,
	bytesOf,
	model,
	runModelGateway,
	schemeOf,
	useSimulator,
} from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('Model Gateway › image', () => {
	it.each([
		['gemini-2.5-flash-image', '16:9', 128, 72],
		['gemini-3-pro-image-preview', '2:3', 84, 126],
		['gemini-3.1-flash-image-preview', '1:1', 128, 128],
		['gemini-2.5-flash-image-preview', '21:9', 126, 54],
	])(
		'generate with %s at %s gives a PNG binary of %ix%i',
		async (id, aspectRatio, width, height) => {
			const { items, error } = await runModelGateway(sim, {
				resource: 'image',
				operation: 'generate',
				modelId: model(id),
				prompt: 'A lighthouse at dawn',
				options: { aspectRatio },
			});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			const image = await bytesOf(items[0].binary?.data);
			expect([...image.subarray(0, 8)]).toEqual(PNG_MAGIC);
			expect(pngSize(image)).toEqual({ width, height });
			expect(items[0].binary?.data.mimeType).toBe('image/png');
			expect(items[0].json).toMatchObject({
				model: id,
				imageIndex: 0,
				mimeType: 'image/png',
				usage: { candidatesTokensDetails: [{ modality: 'IMAGE' }] },
			});
			expect(bodyOf(sim.requests[0]).generationConfig).toEqual({
				responseModalities: ['TEXT', 'IMAGE'],
				imageConfig: { aspectRatio },
			});
			expect(bodyOf(sim.requests[0]).response_format).toBeUndefined();
		},
	);

	it('generate: JPEG output format, another binary field name', async () => {
		const { items } = await runModelGateway(sim, {
			resource: 'image',
			operation: 'generate',
			modelId: model('gemini-2.5-flash-image'),
			prompt: 'A red bicycle',
			options: {
				aspectRatio: '4:3',
				outputMimeType: 'image/jpeg',
				binaryPropertyOutput: 'picture',
			},
		});
		const image = await bytesOf(items[0].binary?.picture);
		expect([...image.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
		expect(jpegSize(image)).toEqual({ width: 128, height: 96 });
		expect(items[0].binary?.picture.fileName).toBe('image-1.jpg');
	});

	it('generate: response_format url gives the address instead of a file', async () => {
		const { items } = await runModelGateway(sim, {
			resource: 'image',
			operation: 'generate',
			modelId: model('gemini-3-pro-image-preview'),
			prompt: 'A fox',
			options: { responseFormat: 'url' },
		});
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sim-files\/images\/.+\.png$/);
		expect(bodyOf(sim.requests[0]).response_format).toBe('url');
	});

	it.each([
		['generate', {}],
		['edit', { binaryPropertyNames: 'data' }],
	])(
		'%s: response_format url with the address in inlineData.data gives the address, never a decoded "image"',
		async (operation, extra) => {
			const input = binaryItem(
				{},
				{
					data: {
						bytes: encodePng(8, 8, [1, 2, 3], [4, 5, 6]),
						mimeType: 'image/png',
						fileName: 'in.png',
					},
				},
			);
			const { items, error } = await runModelGateway(
				sim,
				{
					resource: 'image',
					operation,
					modelId: model('gemini-2.5-flash-image'),
					prompt: `A fox ${URL_IN_INLINE_DATA_MARK}`,
					options: { responseFormat: 'url' },
					...extra,
				},
				{ inputItems: [input] },
			);
			expect(error).toBeUndefined();
			expect(bodyOf(sim.requests[0]).response_format).toBe('url');
			expect(items).toHaveLength(1);
			expect(items[0].binary).toBeUndefined();
			expect(items[0].json).toMatchObject({
				model: 'gemini-2.5-flash-image',
				imageIndex: 0,
				mimeType: 'image/png',
			});
			expect(items[0].json.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sim-files\/images\/.+\.png$/);
		},
	);

	it('edit: several input images go as inline_data before the prompt; the result keeps their size', async () => {
		const first = encodePng(40, 30, [10, 20, 30], [200, 100, 50]);
		const second = encodePng(8, 8, [0, 0, 0], [255, 255, 255]);
		const { items } = await runModelGateway(
			sim,
			{
				resource: 'image',
				operation: 'edit',
				modelId: model('gemini-2.5-flash-image'),
				prompt: 'Put the logo in the corner',
				binaryPropertyNames: 'data, logo',
			},
			{
				inputItems: [
					binaryItem(
						{},
						{
							data: { bytes: first, mimeType: 'image/png', fileName: 'a.png' },
							logo: { bytes: second, mimeType: 'image/png', fileName: 'b.png' },
						},
					),
				],
			},
		);
		expect(bodyOf(sim.requests[0]).contents).toEqual([
			{
				role: 'user',
				parts: [
					{ inline_data: { data: first.toString('base64'), mime_type: 'image/png' } },
					{ inline_data: { data: second.toString('base64'), mime_type: 'image/png' } },
					{ text: 'Put the logo in the corner' },
				],
			},
		]);
		expect(pngSize(await bytesOf(items[0].binary?.data))).toEqual({ width: 40, height: 30 });
		expect(items[0].json.text).toBe('Edited 2 image(s) as asked.');
	});

	it('edit: earlier turns are sent first, in time order (multi-turn editing)', async () => {
		const original = encodePng(16, 16, [1, 2, 3], [4, 5, 6]);
		const firstEdit = encodePng(16, 16, [9, 9, 9], [7, 7, 7]);
		await runModelGateway(
			sim,
			{
				resource: 'image',
				operation: 'edit',
				modelId: model('gemini-3.1-flash-lite-image'),
				prompt: 'Now make it night',
				binaryPropertyNames: 'current',
				options: {
					previousTurns: {
						turn: [
							{ role: 'user', text: 'Add a boat', binaryPropertyNames: 'original' },
							{ role: 'model', text: 'Added a boat', binaryPropertyNames: '' },
						],
					},
				},
			},
			{
				inputItems: [
					binaryItem(
						{},
						{
							original: { bytes: original, mimeType: 'image/png', fileName: 'o.png' },
							current: { bytes: firstEdit, mimeType: 'image/png', fileName: 'c.png' },
						},
					),
				],
			},
		);
		const body = bodyOf(sim.requests[0]) as {
			contents: Array<{
				role: string;
				parts: Array<{ text?: string; inline_data: { data: string } }>;
			}>;
		};
		expect(
			body.contents.map((content) => [
				content.role,
				content.parts.map((part) => part.text ?? part.inline_data.data.length),
			]),
		).toEqual([
			['user', [original.toString('base64').length, 'Add a boat']],
			['model', ['Added a boat']],
			['user', [firstEdit.toString('base64').length, 'Now make it night']],
		]);
		// The spec lists only an Authorization header for this model.
		expect(schemeOf(sim.requests[0])).toEqual(['bearer']);
	});

	it('edit: an input file over 500 MB is refused for gemini-3.1-flash-lite-image before anything is sent', async () => {
		const item = binaryItem(
			{},
			{ data: { bytes: Buffer.from('tiny'), mimeType: 'video/mp4', fileName: 'huge.mp4' } },
		);
		item.binary!.data.bytes = 501 * 1024 * 1024;
		const { error } = await runModelGateway(
			sim,
			{
				resource: 'image',
				operation: 'edit',
				modelId: model('gemini-3.1-flash-lite-image'),
				prompt: 'A still',
				binaryPropertyNames: 'data',
			},
			{ inputItems: [item] },
		);
		expect(error?.message).toMatch(
			/Input file "data" \(huge\.mp4\) is 501\.0 MB; gemini-3\.1-flash-lite-image accepts at most 500 MB/,
		);
		expect(sim.requests).toHaveLength(0);
		// Other models take it (the limit is that model's).
		const other = await runModelGateway(
			sim,
			{
				resource: 'image',
				operation: 'edit',
				modelId: model('gemini-2.5-flash-image'),
				prompt: 'A still',
				binaryPropertyNames: 'data',
			},
			{ inputItems: [item] },
		);
		expect(other.error).toBeUndefined();
	});

	it('predict: sampleCount images, one item each', async () => {
		const { items } = await runModelGateway(sim, {
			resource: 'image',
			operation: 'predict',
			modelId: model('imagen-4.0-ultra-generate-001'),
			prompt: 'A mountain lake',
			sampleCount: 3,
		});
		expect(items).toHaveLength(3);
		expect(bodyOf(sim.requests[0])).toEqual({
			instances: [{ prompt: 'A mountain lake' }],
			parameters: { sampleCount: 3 },
		});
		for (const [index, item] of items.entries()) {
			expect(item.json).toMatchObject({
				model: 'imagen-4.0-ultra-generate-001',
				imageIndex: index,
			});
			expect(pngSize(await bytesOf(item.binary?.data))).toEqual({ width: 128, height: 128 });
			expect(item.pairedItem).toEqual({ item: 0 });
		}
		expect(schemeOf(sim.requests[0])).toEqual(['queryKey']);
	});
});
