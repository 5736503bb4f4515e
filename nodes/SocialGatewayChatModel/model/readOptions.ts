import type { ISupplyDataFunctions } from 'n8n-workflow';
import { DEFAULT_TEMPERATURE, DEFAULT_TIMEOUT_MS } from '../description';
import type { SamplingSettings } from './wireRequest';

/** The node's Options as the request's sampling fields; options left at "no preference" are not sent. */

interface ChatModelOptions {
	frequencyPenalty?: number;
	maxTokens?: number;
	presencePenalty?: number;
	temperature?: number;
	timeout?: number;
	topP?: number;
}

export function readChatModelOptions(
	context: ISupplyDataFunctions,
	itemIndex: number,
): { sampling: SamplingSettings; timeoutMs: number } {
	const options = context.getNodeParameter('options', itemIndex, {}) as ChatModelOptions;
	return {
		sampling: {
			temperature: options.temperature ?? DEFAULT_TEMPERATURE,
			max_tokens: options.maxTokens ? options.maxTokens : undefined,
			top_p: options.topP,
			frequency_penalty: options.frequencyPenalty || undefined,
			presence_penalty: options.presencePenalty || undefined,
		},
		timeoutMs: options.timeout ?? DEFAULT_TIMEOUT_MS,
	};
}
