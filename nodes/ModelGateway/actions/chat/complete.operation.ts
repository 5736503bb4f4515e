import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { InputError } from '../../../shared/execution/inputError';
import type { ConversationPlan } from '../../helpers/conversationInterfaces';
import {
	CHAT_COMPLETIONS,
	conversationRequest,
	conversationRun,
} from '../../helpers/conversationInterfaces';
import { maxTokensOf, MESSAGES_FIELD, temperatureOf } from '../../helpers/conversation';
import { conversationProperties, DEFAULT_CONVERSATION_MODEL } from '../conversationProperties';
import { temperatureOption } from '../descriptions';

export const endpoint = 'v1/chat/completions';

export const DEFAULT_CHAT_MODEL = DEFAULT_CONVERSATION_MODEL;

const properties = conversationProperties(
	{
		description: 'The conversation in time order',
		roles: ['assistant', 'system', 'user'],
		textField: {
			displayName: 'Content',
			name: 'content',
			placeholder: 'e.g. Classify the sentiment of this mention as JSON',
		},
	},
	{
		options: [
			{
				displayName: 'Maximum Tokens',
				name: 'max_tokens',
				type: 'number',
				default: 1024,
				typeOptions: { minValue: 1, numberPrecision: 0 },
				description: 'Upper bound of generated tokens (max_tokens)',
			},
			temperatureOption(0.7, 'Randomness of the answer, 0 to 2 (service default 0.7)'),
		],
	},
);

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['chat'], operation: ['complete'] } },
	properties,
);

export function plan(this: IExecuteFunctions, i: number): ConversationPlan {
	const { model, options, messages } = conversationRequest(this, i, [
		'system',
		'user',
		'assistant',
	]);
	if (!messages.some((message) => message.role === 'user'))
		throw InputError.about(MESSAGES_FIELD, 'needs at least one user message with content');
	const body: IDataObject = { model, messages };
	const temperature = temperatureOf(options.temperature);
	if (temperature !== undefined) body.temperature = temperature;
	const maxTokens = maxTokensOf(options.max_tokens, false);
	if (maxTokens !== undefined) body.max_tokens = maxTokens;
	return { body, options };
}

export const run = conversationRun(CHAT_COMPLETIONS);
