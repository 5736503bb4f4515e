import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { GatewayCall } from '../../shared/transport/request';
import { answerItems, streamedAnswerItems } from './answerItems';
import type { AnswerSummary } from './answerText';
import { chatSummary, messagesSummary } from './answerText';
import { chatCall, messagesCall, STREAM_SILENCE_TIMEOUT_MS } from './calls';
import { cancelSignalOf } from '../../shared/execution/cancelSignal';
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
