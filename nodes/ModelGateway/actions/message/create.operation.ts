import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { InputError } from '../../../shared/execution/inputError';
import type { ConversationPlan } from '../../helpers/conversationInterfaces';
import {
	MESSAGES,
	conversationRequest,
	conversationRun,
} from '../../helpers/conversationInterfaces';
import { maxTokensOf, MESSAGES_FIELD, temperatureOf } from '../../helpers/conversation';
import { conversationProperties } from '../conversationProperties';
import { temperatureOption } from '../descriptions';

export const endpoint = 'v1/messages';

const properties = conversationProperties(
	{
		description: 'The conversation in time order, starting with a user message',
		roles: ['assistant', 'user'],
		textField: { displayName: 'Content', name: 'content' },
	},
	{
		required: [
			{
				displayName: 'Maximum Tokens',
				name: 'max_tokens',
				builderHint: {
					propertyHint:
						'The longest answer in tokens, required by the messages interface; 1024 fits a few paragraphs.',
				},
				type: 'number',
				default: 1024,
				required: true,
				typeOptions: { minValue: 1, numberPrecision: 0 },
				description: 'Upper bound of the reply tokens (max_tokens, required by this interface)',
			},
		],
		options: [
			{
				displayName: 'System',
				name: 'system',
				type: 'string',
				default: '',
				typeOptions: { rows: 2 },
				description: 'System prompt (top-level "system" field of the messages request)',
			},
			temperatureOption(1, 'Randomness of the answer'),
		],
	},
);

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['message'], operation: ['create'] } },
	properties,
);

export function plan(this: IExecuteFunctions, i: number): ConversationPlan {
	const { model, options, messages } = conversationRequest(this, i, ['user', 'assistant']);
	const maxTokens = maxTokensOf(this.getNodeParameter('max_tokens', i, undefined), true);
	if (messages.length === 0)
		throw InputError.about(MESSAGES_FIELD, 'needs at least one message with content');
	const body: IDataObject = { model, messages, max_tokens: maxTokens };
	if (typeof options.system === 'string' && options.system.trim()) body.system = options.system;
	const temperature = temperatureOf(options.temperature);
	if (temperature !== undefined) body.temperature = temperature;
	return { body, options };
}

export const run = conversationRun(MESSAGES);
