import type { INodeProperties } from 'n8n-workflow';
import {
	aspectRatioOption,
	binaryOutputOption,
	imageFormatOptions,
	modelOptions,
	safetyThresholdOption,
	systemInstructionOption,
} from '../descriptions';

/** Properties of the image operations. */

export function promptProperty(description: string, placeholder?: string): INodeProperties {
	return {
		displayName: 'Prompt',
		name: 'prompt',
		builderHint: {
			propertyHint:
				"What the image should show (or how to change it), in the user's words; an expression may add data of earlier items.",
		},
		type: 'string',
		default: '',
		required: true,
		typeOptions: { rows: 2 },
		...(placeholder === undefined ? {} : { placeholder }),
		description,
	};
}

const imageSizeOption: INodeProperties = {
	displayName: 'Image Size',
	name: 'imageSize',
	type: 'options',
	options: [
		{ name: '1K', value: '1K' },
		{ name: '2K', value: '2K' },
		{ name: '4K', value: '4K' },
	],
	default: '1K',
	description:
		'Resolution (sharpness) of models that offer it, e.g. gemini-3-pro-image-preview (imageConfig.imageSize)',
};

/** The options of an image generate-content call; edit adds its earlier turns. */
export function imageOptions(earlierTurns?: INodeProperties): INodeProperties {
	return modelOptions([
		aspectRatioOption,
		...(earlierTurns ? [earlierTurns] : []),
		imageSizeOption,
		...imageFormatOptions,
		binaryOutputOption,
		safetyThresholdOption,
		systemInstructionOption,
	]);
}
