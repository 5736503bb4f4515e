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

export async function execute(
	this: IExecuteFunctions,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const model = modelOf(this, i);
	const body = await textRequestBody(this, i, model);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
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
