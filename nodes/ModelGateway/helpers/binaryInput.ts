import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { InputError } from '../../shared/execution/inputError';
import { modelStem } from '../../shared/transport/wireNames';
import type { NativePart } from './generateContent';

/**
 * Spec, Limits: a single input file of `gemini-3.1-flash-lite-image` (the spec's `gm-…`) is at most
 * 500 MB; keyed by the id without its prefix, so the rule holds in either vocabulary.
 */
const INPUT_FILE_LIMITS: Record<string, number> = {
	'3.1-flash-lite-image': 500 * 1024 * 1024,
};

/** Binary property names from a comma-separated list ("data, image2"). */
export function binaryNamesOf(list: string): string[] {
	return list
		.split(',')
		.map((name) => name.trim())
		.filter((name) => name !== '');
}

/** Size of a binary in bytes without loading it. */
async function sizeOf(context: IExecuteFunctions, binary: IBinaryData): Promise<number> {
	if (typeof binary.bytes === 'number') return binary.bytes;
	if (binary.id) return (await context.helpers.getBinaryMetadata(binary.id)).fileSize;
	const data = binary.data ?? '';
	const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
	return Math.floor((data.length * 3) / 4) - padding;
}

/**
 * The named input binaries of an item as `inline_data` parts with their own mime types. A file over
 * the model's limit is refused before it is read.
 */
export async function inlineDataParts(
	context: IExecuteFunctions,
	itemIndex: number,
	names: string[],
	model: string,
): Promise<NativePart[]> {
	const parts: NativePart[] = [];
	for (const name of names) {
		const binary = context.helpers.assertBinaryData(itemIndex, name);
		const limit = INPUT_FILE_LIMITS[modelStem(model)];
		if (limit !== undefined) {
			const size = await sizeOf(context, binary);
			if (size > limit) {
				throw new InputError(
					name,
					`Input file "${name}" (${binary.fileName ?? 'unnamed'}) is ${(size / 1024 / 1024).toFixed(1)} MB; ${model} accepts at most ${limit / 1024 / 1024} MB per file`,
				);
			}
		}
		const buffer = await context.helpers.getBinaryDataBuffer(itemIndex, name);
		parts.push({
			inline_data: {
				data: buffer.toString('base64'),
				mime_type: binary.mimeType || 'application/octet-stream',
			},
		});
	}
	return parts;
}
