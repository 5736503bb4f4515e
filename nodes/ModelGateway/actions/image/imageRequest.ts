import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { answerLacks, askModel } from '../../helpers/askModel';
import { nativeSummary } from '../../helpers/answerText';
import type { NativeContent, SafetyThreshold } from '../../helpers/generateContent';
import { generateContentBody } from '../../helpers/generateContent';
import { imageItems, imagesOfNative } from '../../helpers/imageOutput';

export const DEFAULT_IMAGE_MODEL = 'gemini-2.5-flash-image';

/** What Image › Generate and Image › Edit send for one item. */
export interface ImagePlan {
	model: string;
	body: Record<string, unknown>;
	options: IDataObject;
}

/** The plan of an image generate-content call (modalities TEXT and IMAGE); its options are checked here. */
export function imagePlan(
	model: string,
	contents: NativeContent[],
	options: IDataObject,
): ImagePlan {
	const body = generateContentBody({
		contents,
		systemInstruction: options.systemInstruction as string | undefined,
		generation: {
			responseModalities: ['TEXT', 'IMAGE'],
			aspectRatio: options.aspectRatio as string | undefined,
			imageMimeType: options.outputMimeType as string | undefined,
			imageSize: options.imageSize as string | undefined,
			temperature: options.temperature as number | undefined,
		},
		safetyThreshold: options.safetyThreshold as SafetyThreshold | undefined,
		responseFormat: options.responseFormat === 'url' ? 'url' : undefined,
	});
	return { model, body, options };
}

/** Sends an image generate-content call and turns its images into items. */
export async function runImageRequest(
	this: IExecuteFunctions,
	{ model, body, options }: ImagePlan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const asUrl = options.responseFormat === 'url';
	const response = await askModel(this, credentials, model, 'generateContent', body);
	const summary = nativeSummary(response);
	const images = imagesOfNative(response, asUrl);
	if (images.length === 0) {
		const said = summary.text ? ` The model said: ${summary.text.slice(0, 300)}` : '';
		const finish = summary.finishReason ?? 'none';
		throw answerLacks(this, i, `${model} returned no image (finish reason: ${finish}).${said}`);
	}
	const json: IDataObject = {
		model,
		text: summary.text,
		finishReason: summary.finishReason,
		usage: summary.usage as IDataObject,
	};
	if (summary.responseId) json.responseId = summary.responseId;
	return await imageItems(this, i, images, String(options.binaryPropertyOutput || 'data'), json);
}
