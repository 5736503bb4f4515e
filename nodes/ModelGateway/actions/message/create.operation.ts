import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { InputError } from '../../../shared/execution/inputError';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { conversationItems, MESSAGES } from '../../helpers/conversationInterfaces';
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

export const endpoint = 'v1/messages';

const properties: INodeProperties[] = [
	modelLocator('searchModels', 'gm-2.5-flash'),
	messagesProperty({
		description: 'The conversation in time order, starting with a user message',
		roles: ['assistant', 'user'],
		textField: { displayName: 'Content', name: 'content' },
	}),
	{
		displayName: 'Maximum Tokens',
		name: 'max_tokens',
		type: 'number',
		default: 1024,
		required: true,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		description: 'Upper bound of the reply tokens (max_tokens, required by this interface)',
	},
	outputProperty,
	modelOptions([
		keepRawChunksOption,
		parseJsonOption,
		streamOption,
		{
			displayName: 'System',
			name: 'system',
			type: 'string',
			default: '',
			typeOptions: { rows: 2 },
			description: 'System prompt (top-level "system" field of the messages request)',
		},
		temperatureOption(1, 'Randomness of the answer'),
	]),
];

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['message'], operation: ['create'] } },
	properties,
);

interface Plan {
	body: IDataObject;
	options: IDataObject;
}

export function plan(this: IExecuteFunctions, i: number): Plan {
	const model = modelOf(this, i);
	const maxTokens = maxTokensOf(this.getNodeParameter('max_tokens', i, undefined), true);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const messages = conversationOf(this.getNodeParameter('messages.values', i, []), [
		'user',
		'assistant',
	]);
	if (messages.length === 0)
		throw InputError.about(MESSAGES_FIELD, 'needs at least one message with content');
	const body: IDataObject = { model, messages, max_tokens: maxTokens };
	if (typeof options.system === 'string' && options.system.trim()) body.system = options.system;
	const temperature = temperatureOf(options.temperature);
	if (temperature !== undefined) body.temperature = temperature;
	return { body, options };
}

export async function run(
	this: IExecuteFunctions,
	{ body, options }: Plan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	return await conversationItems(this, i, credentials, MESSAGES, body, options);
}
