import type { ChatModelConfig, GenerateResult, Message, StreamChunk } from '@n8n/ai-node-sdk';
import { BaseChatModel } from '@n8n/ai-node-sdk';
import type { INode } from 'n8n-workflow';
import { chatCall } from '../../shared/models/calls';
import { toNodeError } from '../../shared/execution/nodeErrors';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { GatewayCall } from '../../shared/transport/request';
import { callGateway, openGatewayStream } from '../../shared/transport/request';
import type { WireCompletion } from './wireAnswer';
import { generateResultOf } from './wireAnswer';
import type { SamplingSettings } from './wireRequest';
import { chatCompletionBody } from './wireRequest';
import { readChatStream } from './readChatStream';

/**
 * The gateway's `/v1/chat/completions` as an n8n AI SDK chat model. Every request goes through the
 * credential's `send`, i.e. n8n's `httpRequestWithAuthentication`, so the instance's SSRF protection
 * and proxy settings apply and the key is added by the credential, never by this class.
 */

export interface GatewayChatSettings {
	credentials: GatewayCredentials;
	node: INode;
	sampling: SamplingSettings;
	/** Non-streamed answers: the longest wait; streams: the longest silence between two events. */
	timeoutMs: number;
	/** The execution's cancel signal. */
	signal?: AbortSignal;
}

/** What LangChain passes per call (its call options): only the cancel signal concerns the request. */
type CallConfig = ChatModelConfig & { signal?: AbortSignal };

export class GatewayChatModel extends BaseChatModel<CallConfig> {
	constructor(
		modelId: string,
		private readonly settings: GatewayChatSettings,
	) {
		super('social-gateway', modelId);
	}

	async generate(messages: Message[], config?: CallConfig): Promise<GenerateResult> {
		const call = this.callFor(messages, false, config);
		let failure: unknown;
		try {
			const { body } = await callGateway<WireCompletion>(call);
			return generateResultOf(body ?? {});
		} catch (error) {
			failure = error;
		}
		throw this.nodeErrorOf(failure);
	}

	async *stream(messages: Message[], config?: CallConfig): AsyncIterable<StreamChunk> {
		const call = this.callFor(messages, true, config);
		let failure: unknown;
		try {
			const answer = await openGatewayStream(call);
			yield* readChatStream(answer.body, call);
		} catch (error) {
			failure = error;
		}
		if (failure !== undefined) throw this.nodeErrorOf(failure);
	}

	private callFor(
		messages: Message[],
		stream: boolean,
		config: CallConfig | undefined,
	): GatewayCall {
		const { credentials, sampling, timeoutMs } = this.settings;
		const body = chatCompletionBody(this.modelId, messages, this.tools, sampling, stream);
		const signal = config?.signal ?? config?.abortSignal ?? this.settings.signal;
		return chatCall(credentials, body, { timeoutMs, signal });
	}

	private nodeErrorOf(error: unknown) {
		return toNodeError(this.settings.node, error, 0, this.settings.credentials.apiKey);
	}
}
