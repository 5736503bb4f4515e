import type { INodeProperties } from 'n8n-workflow';
import type { MessagesPropertySpec } from './descriptions';
import {
	keepRawChunksOption,
	messagesProperty,
	modelOptions,
	outputProperty,
	parseJsonOption,
	streamOption,
} from './descriptions';
import { modelLocator } from '../../shared/models/modelLocator';

export const DEFAULT_CONVERSATION_MODEL = 'gemini-2.5-flash';

/**
 * The parameters of Chat › Complete and Message › Create: model, messages, the interface's own
 * required fields, output, and options (streaming, JSON parsing and the interface's own, by name).
 */
export function conversationProperties(
	messages: MessagesPropertySpec,
	own: { required?: INodeProperties[]; options: INodeProperties[] },
): INodeProperties[] {
	const options = [keepRawChunksOption, parseJsonOption, streamOption, ...own.options];
	return [
		modelLocator('searchModels', DEFAULT_CONVERSATION_MODEL),
		messagesProperty(messages),
		...(own.required ?? []),
		outputProperty,
		modelOptions(options.sort((a, b) => a.displayName.localeCompare(b.displayName))),
	];
}
