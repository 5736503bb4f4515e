import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { GatewayCall } from '../../shared/transport/request';
import { answerItems, streamedAnswerItems } from './answerItems';
import type { AnswerSummary } from './answerText';
import { chatSummary, messagesSummary } from './answerText';
import { chatCall, messagesCall, STREAM_SILENCE_TIMEOUT_MS } from '../../shared/models/calls';
import { cancelSignalOf } from '../../shared/execution/cancelSignal';
import type { ItemOperation } from '../../shared/execution/operation';
import type { ChatMessage } from './conversation';
import { conversationOf } from './conversation';
import { modelOf } from './parameters';
import type { StreamAssembler } from './streams/assembler';
import { chatStreamAssembler } from './streams/chatStream';
import { messagesStreamAssembler } from './streams/messagesStream';

/** A conversation interface at the model address: how to call it, and how to read its answer whole or streamed. */
export interface ConversationInterface {
	call(credentials: GatewayCredentials, body: unknown, extra?: Partial<GatewayCall>): GatewayCall;
	streamAssembler(): StreamAssembler;
	summary(response: unknown): AnswerSummary;
}

export const CHAT_COMPLETIONS: ConversationInterface = {
	call: chatCall,
	streamAssembler: chatStreamAssembler,
	summary: chatSummary,
};

export const MESSAGES: ConversationInterface = {
	call: messagesCall,
	streamAssembler: messagesStreamAssembler,
	summary: messagesSummary,
};

/** Sends a conversation request, streamed when Options › Stream is on, and outputs its answer. */
export async function conversationItems(
	context: IExecuteFunctions,
	i: number,
	credentials: GatewayCredentials,
	api: ConversationInterface,
	body: IDataObject,
	options: IDataObject,
): Promise<INodeExecutionData[]> {
	const parseJson = options.parseJson === true;
	const signal = cancelSignalOf(context);
	if (options.stream === true) {
		const call = api.call(
			credentials,
			{ ...body, stream: true },
			{ signal, timeoutMs: STREAM_SILENCE_TIMEOUT_MS },
		);
		return await streamedAnswerItems(i, call, api.streamAssembler(), {
			keepRawChunks: options.keepRawChunks === true,
			parseJson,
		});
	}
	return await answerItems(
		context,
		i,
		api.call(credentials, body, { signal }),
		api.summary,
		parseJson,
	);
}

/** What a conversation operation sends for one item: the request body, and its options. */
export interface ConversationPlan {
	body: IDataObject;
	options: IDataObject;
}

/** What both conversation operations read first: the model, the options and the messages with content. */
export function conversationRequest(
	context: IExecuteFunctions,
	i: number,
	roles: string[],
): { model: string; options: IDataObject; messages: ChatMessage[] } {
	const model = modelOf(context, i);
	const options = context.getNodeParameter('options', i, {}) as IDataObject;
	const messages = conversationOf(context.getNodeParameter('messages.values', i, []), roles);
	return { model, options, messages };
}

/** The run of a conversation operation: its plan sent to `api`. */
export function conversationRun(
	api: ConversationInterface,
): ItemOperation<ConversationPlan>['run'] {
	return async function run(this, { body, options }, i, credentials) {
		return await conversationItems(this, i, credentials, api, body, options);
	};
}
