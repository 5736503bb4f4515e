import type { IBinaryKeyData, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { NativeAnswer, PredictionAnswer } from './answerShapes';

/** An image the model returned: base64 bytes or, with `response_format: url`, an address. */
export type ReturnedImage = { kind: 'base64'; data: string; mimeType: string } | { kind: 'url'; url: string; mimeType?: string };

const URL_IN_TEXT = /https?:\/\/[^\s)"'<>\]]+/g;

/** Images of a generate-content answer: `inlineData`, `fileData` parts and (url format) links in text. */
export function imagesOfNative(response: unknown, lookForUrlsInText: boolean): ReturnedImage[] {
	const images: ReturnedImage[] = [];
	for (const candidate of (response as NativeAnswer | undefined)?.candidates ?? []) {
		for (const part of candidate?.content?.parts ?? []) {
			const inline = part?.inlineData ?? part?.inline_data;
			if (inline?.data) {
				const mimeType = inline.mimeType ?? inline.mime_type ?? 'image/png';
				if (mimeType.startsWith('image/')) images.push({ kind: 'base64', data: inline.data, mimeType });
				continue;
			}
			const file = part?.fileData ?? part?.file_data;
			const url = file?.fileUri ?? file?.file_uri;
			if (typeof url === 'string') {
				images.push({ kind: 'url', url, mimeType: file?.mimeType ?? file?.mime_type });
				continue;
			}
			if (lookForUrlsInText && typeof part?.text === 'string' && part.thought !== true) {
				for (const match of part.text.match(URL_IN_TEXT) ?? []) images.push({ kind: 'url', url: match });
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
		images.push({ kind: 'base64', data: prediction.bytesBase64Encoded, mimeType: prediction.mimeType ?? 'image/png' });
	}
	return images;
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** One output item per image: the bytes as n8n binary data, or the URL in the JSON. */
export async function imageItems(
	context: IExecuteFunctions,
	itemIndex: number,
	images: ReturnedImage[],
	binaryProperty: string,
	json: Record<string, unknown>,
): Promise<INodeExecutionData[]> {
	const items: INodeExecutionData[] = [];
	for (const [index, image] of images.entries()) {
		if (image.kind === 'url') {
			items.push({ json: { ...json, imageIndex: index, url: image.url, mimeType: image.mimeType ?? null }, pairedItem: { item: itemIndex } });
			continue;
		}
		const extension = EXTENSIONS[image.mimeType] ?? 'bin';
		const binary: IBinaryKeyData = {
			[binaryProperty]: await context.helpers.prepareBinaryData(Buffer.from(image.data, 'base64'), `image-${index + 1}.${extension}`, image.mimeType),
		};
		items.push({ json: { ...json, imageIndex: index, mimeType: image.mimeType }, binary, pairedItem: { item: itemIndex } });
	}
	return items;
}
