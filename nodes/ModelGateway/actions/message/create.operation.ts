import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { InputError } from '../../../shared/validation';
import { callGateway } from '../../../shared/transport/request';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { messagesSummary } from '../../helpers/answerText';
import { messagesCall, STREAM_SILENCE_TIMEOUT_MS } from '../../helpers/calls';
import { conversationOf, maxTokensOf, temperatureOf } from '../../helpers/conversation';
import type { OutputMode } from '../../helpers/outputs';
import { answerJson, streamJson } from '../../helpers/outputs';
import { cancelSignalOf, modelOf } from '../../helpers/parameters';
import { consumeStream } from '../../helpers/streams/consumeStream';
import { messagesStreamAssembler } from '../../helpers/streams/messagesStream';
import { keepRawChunksOption, modelLocator, outputProperty, parseJsonOption } from '../descriptions';

export const endpoint = 'v1/messages';

const properties: INodeProperties[] = [
	modelLocator('searchModels', 'gm-2.5-flash'),
	{
		displayName: 'Messages',
		name: 'messages',
		type: 'fixedCollection',
		typeOptions: { sortable: true, multipleValues: true },
		placeholder: 'Add Message',
		default: { values: [{ role: 'user', content: '' }] },
		description: 'The conversation in time order, starting with a user message',
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Role',
						name: 'role',
						type: 'options',
						options: [
							{ name: 'Assistant', value: 'assistant' },
							{ name: 'User', value: 'user' },
						],
						default: 'user',
					},
					{
						displayName: 'Content',
						name: 'content',
						type: 'string',
						default: '',
						typeOptions: { rows: 2 },
					},
				],
			},
		],
	},
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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			keepRawChunksOption,
			parseJsonOption,
			{
				displayName: 'Stream',
				name: 'stream',
				type: 'boolean',
				default: false,
				description: 'Whether to receive the answer as Server-Sent Events; it is assembled into one answer with time to first token',
			},
			{
				displayName: 'System',
				name: 'system',
				type: 'string',
				default: '',
				typeOptions: { rows: 2 },
				description: 'System prompt (top-level "system" field of the messages request)',
			},
			{
				displayName: 'Temperature',
				name: 'temperature',
				type: 'number',
				default: 1,
				typeOptions: { minValue: 0, maxValue: 2, numberPrecision: 2 },
				description: 'Randomness of the answer',
			},
		],
	},
];

export const description: INodeProperties[] = updateDisplayOptions({ show: { resource: ['message'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, i: number, credentials: GatewayCredentials): Promise<INodeExecutionData[]> {
	const model = modelOf(this, i);
	const maxTokens = maxTokensOf(this.getNodeParameter('max_tokens', i, undefined), true);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const messages = conversationOf(this.getNodeParameter('messages.values', i, []), ['user', 'assistant']);
	if (messages.length === 0) throw new InputError('messages', 'Add at least one message with content');
	const body: IDataObject = { model, messages, max_tokens: maxTokens };
	if (typeof options.system === 'string' && options.system.trim()) body.system = options.system;
	const temperature = temperatureOf(options.temperature);
	if (temperature !== undefined) body.temperature = temperature;
	const parseJson = options.parseJson === true;
	const signal = cancelSignalOf(this);

	if (options.stream === true) {
		body.stream = true;
		const call = messagesCall(credentials, body, { signal, timeoutMs: STREAM_SILENCE_TIMEOUT_MS });
		const result = await consumeStream(call, messagesStreamAssembler(), options.keepRawChunks === true);
		return [{ json: streamJson(result as unknown as IDataObject & typeof result, parseJson), pairedItem: { item: i } }];
	}
	const { body: response } = await callGateway(messagesCall(credentials, body, { signal }));
	const output = this.getNodeParameter('output', i, 'text') as OutputMode;
	return [{ json: answerJson(messagesSummary(response), response, output, parseJson), pairedItem: { item: i } }];
}
