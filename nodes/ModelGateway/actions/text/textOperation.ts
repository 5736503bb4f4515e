import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { cancelSignalOf } from '../../../shared/execution/cancelSignal';
import type { ItemOperation } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { answerItems, streamedAnswerItems } from '../../helpers/answerItems';
import { nativeSummary } from '../../helpers/answerText';
import { nativeCall, STREAM_SILENCE_TIMEOUT_MS } from '../../../shared/models/calls';
import { nativeStreamAssembler } from '../../helpers/streams/nativeStream';
import type { TextPlan } from './textRequest';
import { planTextRequest, textProperties } from './textRequest';

interface TextOperation extends ItemOperation<TextPlan> {
	description: INodeProperties[];
}

/**
 * Text › Generate and Text › Stream: the same parameters and request, sent to generateContent
 * (one answer) or to streamGenerateContent (Server-Sent Events, assembled into one answer).
 */
export function textOperation(operation: 'generate' | 'stream'): TextOperation {
	const streaming = operation === 'stream';
	const action = streaming ? 'streamGenerateContent' : 'generateContent';
	return {
		endpoint: `v1beta/models/{model}:${action}`,
		description: updateDisplayOptions(
			{ show: { resource: ['text'], operation: [operation] } },
			textProperties(streaming),
		),
		plan: planTextRequest,
		async run(
			this: IExecuteFunctions,
			{ model, body, options }: TextPlan,
			i: number,
			credentials: GatewayCredentials,
		): Promise<INodeExecutionData[]> {
			const signal = cancelSignalOf(this);
			const parseJson = options.parseJson === true;
			if (!streaming) {
				const call = nativeCall(credentials, model, action, body, { signal });
				return await answerItems(this, i, call, nativeSummary, parseJson);
			}
			const call = nativeCall(credentials, model, action, body, {
				query: { alt: 'sse' },
				timeoutMs: STREAM_SILENCE_TIMEOUT_MS,
				signal,
			});
			return await streamedAnswerItems(i, call, nativeStreamAssembler(), {
				keepRawChunks: options.keepRawChunks === true,
				parseJson,
			});
		},
	};
}
