import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { InputError } from '../../../shared/execution/inputError';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { CHAT_COMPLETIONS, conversationItems } from '../../helpers/conversationInterfaces';
import {
	conversationOf,
	maxTokensOf,
	MESSAGES_FIELD,
	temperatureOf,
} from '../../helpers/conversation';
import { modelOf } from '../../helpers/parameters';
import {
	keepRawChunksOption,
	messagesProperty,
	modelLocator,
	modelOptions,
	outputProperty,
	parseJsonOption,
	streamOption,
	temperatureOption,
} from '../descriptions';

export const endpoint = 'v1/chat/completions';

export const DEFAULT_CHAT_MODEL = 'gm-2.5-flash';

const properties: INodeProperties[] = [
	modelLocator('searchModels', DEFAULT_CHAT_MODEL),
	messagesProperty({
		description: 'The conversation in time order',
		roles: ['assistant', 'system', 'user'],
		textField: {
			displayName: 'Content',
			name: 'content',
			placeholder: 'e.g. Classify the sentiment of this mention as JSON',
		},
	}),
	outputProperty,
	modelOptions([
		keepRawChunksOption,
		{
			displayName: 'Maximum Tokens',
			name: 'max_tokens',
			type: 'number',
			default: 1024,
			typeOptions: { minValue: 1, numberPrecision: 0 },
			description: 'Upper bound of generated tokens (max_tokens)',
		},
		parseJsonOption,
		streamOption,
		temperatureOption(0.7, 'Randomness of the answer, 0 to 2 (service default 0.7)'),
	]),
];

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['chat'], operation: ['complete'] } },
	properties,
);

interface Plan {
	body: IDataObject;
	options: IDataObject;
}

export function plan(this: IExecuteFunctions, i: number): Plan {
	const model = modelOf(this, i);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const messages = conversationOf(this.getNodeParameter('messages.values', i, []), [
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

export async function run(
	this: IExecuteFunctions,
	{ body, options }: Plan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	return await conversationItems(this, i, credentials, CHAT_COMPLETIONS, body, options);
}
