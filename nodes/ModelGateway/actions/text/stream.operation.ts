import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { streamedAnswerItems } from '../../helpers/answerItems';
import { nativeCall, STREAM_SILENCE_TIMEOUT_MS } from '../../helpers/calls';
import { modelOf } from '../../helpers/parameters';
import { cancelSignalOf } from '../../../shared/execution/cancelSignal';
import { nativeStreamAssembler } from '../../helpers/streams/nativeStream';
import { textProperties, textRequestBody } from './textRequest';

export const endpoint = 'v1beta/models/{model}:streamGenerateContent';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['text'], operation: ['stream'] } },
	textProperties(true),
);

interface Plan {
	model: string;
	body: Record<string, unknown>;
	options: IDataObject;
}

export async function plan(this: IExecuteFunctions, i: number): Promise<Plan> {
	const model = modelOf(this, i);
	const body = await textRequestBody(this, i, model);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	return { model, body, options };
}

export async function run(
	this: IExecuteFunctions,
	{ model, body, options }: Plan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const call = nativeCall(credentials, model, 'streamGenerateContent', body, {
		query: { alt: 'sse' },
		timeoutMs: STREAM_SILENCE_TIMEOUT_MS,
		signal: cancelSignalOf(this),
	});
	return await streamedAnswerItems(i, call, nativeStreamAssembler(), {
		keepRawChunks: options.keepRawChunks === true,
		parseJson: options.parseJson === true,
	});
}
