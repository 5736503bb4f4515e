import type { IBinaryKeyData, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { NativeAnswer, PredictionAnswer } from './answerShapes';

/** An image the model returned: base64 bytes or, with `response_format: url`, an address. */
export type ReturnedImage =
	| { kind: 'base64'; data: string; mimeType: string }
	| { kind: 'url'; url: string; mimeType?: string };

/** What an image's data turned out to hold: bytes, an address, or neither (reported, never written as a file). */
export type ImageContent =
	| { kind: 'bytes'; bytes: Buffer; mimeType: string }
	| { kind: 'url'; url: string; mimeType?: string }
	| { kind: 'unreadable'; sample: string; mimeType: string };

/** Formats recognised by their first bytes; `text` ones by their start as text. */
const SIGNATURES: Array<{ mimeType: string; test: (bytes: Buffer) => boolean }> = [
	{
		mimeType: 'image/png',
		test: (b) =>
			b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
	},
	{
		mimeType: 'image/jpeg',
		test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
	},
	{ mimeType: 'image/gif', test: (b) => /^GIF8[79]a/.test(b.toString('latin1', 0, 6)) },
	{
		mimeType: 'image/webp',
		test: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
	},
	{
		mimeType: 'image/avif',
		test: (b) =>
			b.toString('latin1', 4, 8) === 'ftyp' && /^avi[fs]$/.test(b.toString('latin1', 8, 12)),
	},
	{
		mimeType: 'image/heic',
		test: (b) =>
			b.toString('latin1', 4, 8) === 'ftyp' &&
			/^(heic|heix|mif1|msf1)$/.test(b.toString('latin1', 8, 12)),
	},
	{
		mimeType: 'image/tiff',
		test: (b) => ['II*\u0000', 'MM\u0000*'].includes(b.toString('latin1', 0, 4)),
	},
	{ mimeType: 'image/bmp', test: (b) => b.length > 26 && b.toString('latin1', 0, 2) === 'BM' },
	{
		mimeType: 'image/svg+xml',
		test: (b) =>
			/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(
				b.toString('utf8', 0, 512),
			),
	},
];
const RECOGNISED = new Set(SIGNATURES.map((signature) => signature.mimeType).concat('image/jpg'));

const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/i;
const DATA_URI = /^data:([^;,]*)((?:;[^;,]*)*),/i;
const BASE64 = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/;

const sampleOf = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/**
 * What an image field of an answer holds, decided by its content, not by the request: an address
 * (some services answer `response_format: url` with the URL where the base64 would go), a data URI,
 * or base64 whose bytes are an image. Anything else is unreadable: decoding it would give a corrupt file.
 */
export function imageOfData(data: string, declaredMimeType: string): ImageContent {
	const text = data.trim();
	if (HTTP_URL.test(text)) return { kind: 'url', url: text, mimeType: declaredMimeType };
	let payload = text;
	let mimeType = declaredMimeType;
	const dataUri = DATA_URI.exec(text);
	if (dataUri) {
		if (!/;base64$/i.test(dataUri[2]))
			return { kind: 'unreadable', sample: sampleOf(text), mimeType };
		payload = text.slice(dataUri[0].length);
		mimeType = dataUri[1] || mimeType;
	}
	const base64 = payload.replace(/\s+/g, '');
	if (base64 === '' || !BASE64.test(base64) || base64.replace(/=+$/, '').length % 4 === 1) {
		return { kind: 'unreadable', sample: sampleOf(text), mimeType };
	}
	const bytes = Buffer.from(
		base64,
		base64.includes('-') || base64.includes('_') ? 'base64url' : 'base64',
	);
	const sniffed = SIGNATURES.find((signature) => signature.test(bytes))?.mimeType;
	if (sniffed) return { kind: 'bytes', bytes, mimeType: sniffed };
	// A format this node cannot recognise passes as declared; one it can recognise must look like it.
	if (RECOGNISED.has(mimeType.toLowerCase()))
		return { kind: 'unreadable', sample: sampleOf(text), mimeType };
	return { kind: 'bytes', bytes, mimeType };
}

const URL_IN_TEXT = /https?:\/\/[^\s)"'<>\]]+/g;

/** Images of a generate-content answer: `inlineData`, `fileData` parts and (url format) links in text. */
export function imagesOfNative(response: unknown, lookForUrlsInText: boolean): ReturnedImage[] {
	const images: ReturnedImage[] = [];
	for (const candidate of (response as NativeAnswer | undefined)?.candidates ?? []) {
		for (const part of candidate?.content?.parts ?? []) {
			const inline = part?.inlineData ?? part?.inline_data;
			if (inline?.data) {
				const mimeType = inline.mimeType ?? inline.mime_type ?? 'image/png';
				if (mimeType.startsWith('image/'))
					images.push({ kind: 'base64', data: inline.data, mimeType });
				continue;
			}
			const file = part?.fileData ?? part?.file_data;
			const url = file?.fileUri ?? file?.file_uri;
			if (typeof url === 'string') {
				images.push({ kind: 'url', url, mimeType: file?.mimeType ?? file?.mime_type });
				continue;
			}
			if (lookForUrlsInText && typeof part?.text === 'string' && part.thought !== true) {
				for (const match of part.text.match(URL_IN_TEXT) ?? [])
					images.push({ kind: 'url', url: match });
			}
		}
	}
	return images;
}

/** Images of a `:predict` answer: `predictions[].bytesBase64Encoded`. */
export function imagesOfPrediction(response: unknown): ReturnedImage[] {
	const images: ReturnedImage[] = [];
	for (const prediction of (response as PredictionAnswer | undefined)?.predictions ?? []) {
		if (typeof prediction?.bytesBase64Encoded !== 'string') continue;
		images.push({
			kind: 'base64',
			data: prediction.bytesBase64Encoded,
			mimeType: prediction.mimeType ?? 'image/png',
		});
	}
	return images;
}

const EXTENSIONS: Record<string, string> = {
	'image/png': 'png',
	'image/jpeg': 'jpg',
	'image/webp': 'webp',
	'image/gif': 'gif',
	'image/avif': 'avif',
	'image/heic': 'heic',
	'image/tiff': 'tiff',
	'image/bmp': 'bmp',
	'image/svg+xml': 'svg',
};

/** One output item per image: the bytes as n8n binary data, or the URL in the JSON; unreadable data fails the item. */
export async function imageItems(
	context: IExecuteFunctions,
	itemIndex: number,
	images: ReturnedImage[],
	binaryProperty: string,
	json: Record<string, unknown>,
): Promise<INodeExecutionData[]> {
	const contents = images.map((image) =>
		image.kind === 'base64' ? imageOfData(image.data, image.mimeType) : image,
	);
	const unreadable = contents.findIndex((image) => image.kind === 'unreadable');
	if (unreadable >= 0) {
		const { sample, mimeType } = contents[unreadable] as Extract<
			ImageContent,
			{ kind: 'unreadable' }
		>;
		throw new NodeOperationError(
			context.getNode(),
			`Image ${unreadable + 1} of the answer (${mimeType}) is neither base64 of an image nor a URL, so no file was made: "${sample}"`,
			{ itemIndex },
		);
	}
	const items: INodeExecutionData[] = [];
	for (const [index, image] of contents.entries()) {
		if (image.kind === 'unreadable') continue;
		if (image.kind === 'url') {
			items.push({
				json: { ...json, imageIndex: index, url: image.url, mimeType: image.mimeType ?? null },
				pairedItem: { item: itemIndex },
			});
			continue;
		}
		const extension = EXTENSIONS[image.mimeType] ?? 'bin';
		const binary: IBinaryKeyData = {
			[binaryProperty]: await context.helpers.prepareBinaryData(
				image.bytes,
				`image-${index + 1}.${extension}`,
				image.mimeType,
			),
		};
		items.push({
			json: { ...json, imageIndex: index, mimeType: image.mimeType },
			binary,
			pairedItem: { item: itemIndex },
		});
	}
	return items;
}
