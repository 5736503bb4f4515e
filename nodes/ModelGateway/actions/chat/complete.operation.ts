import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { InputError } from '../../../shared/validation';
import { callGateway } from '../../../shared/transport/request';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { chatSummary } from '../../helpers/answerText';
import { chatCall, STREAM_SILENCE_TIMEOUT_MS } from '../../helpers/calls';
import { conversationOf, maxTokensOf, temperatureOf } from '../../helpers/conversation';
import type { OutputMode } from '../../helpers/outputs';
import { answerJson, streamJson } from '../../helpers/outputs';
import { cancelSignalOf, modelOf } from '../../helpers/parameters';
import { chatStreamAssembler } from '../../helpers/streams/chatStream';
import { consumeStream } from '../../helpers/streams/consumeStream';
import { keepRawChunksOption, modelLocator, outputProperty, parseJsonOption } from '../descriptions';

export const endpoint = 'v1/chat/completions';

export const DEFAULT_CHAT_MODEL = 'gm-2.5-flash';

const properties: INodeProperties[] = [
	modelLocator('searchModels', DEFAULT_CHAT_MODEL),
	{
		displayName: 'Messages',
		name: 'messages',
		type: 'fixedCollection',
		typeOptions: { sortable: true, multipleValues: true },
		placeholder: 'Add Message',
		default: { values: [{ role: 'user', content: '' }] },
		description: 'The conversation in time order',
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
							{ name: 'Assistant', value: 'assistant', description: 'An earlier answer of the model' },
							{ name: 'System', value: 'system', description: 'Instructions for the model' },
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
						placeholder: 'e.g. Classify the sentiment of this mention as JSON',
					},
				],
			},
		],
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
			{
				displayName: 'Maximum Tokens',
				name: 'max_tokens',
				type: 'number',
				default: 1024,
				typeOptions: { minValue: 1, numberPrecision: 0 },
				description: 'Upper bound of generated tokens (max_tokens)',
			},
			parseJsonOption,
			{
				displayName: 'Stream',
				name: 'stream',
				type: 'boolean',
				default: false,
				description: 'Whether to receive the answer as Server-Sent Events; it is assembled into one answer with time to first token',
			},
			{
				displayName: 'Temperature',
				name: 'temperature',
				type: 'number',
				default: 0.7,
				typeOptions: { minValue: 0, maxValue: 2, numberPrecision: 2 },
				description: 'Randomness of the answer, 0 to 2 (service default 0.7)',
			},
		],
	},
];

export const description: INodeProperties[] = updateDisplayOptions({ show: { resource: ['chat'], operation: ['complete'] } }, properties);

export async function execute(this: IExecuteFunctions, i: number, credentials: GatewayCredentials): Promise<INodeExecutionData[]> {
	const model = modelOf(this, i);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const messages = conversationOf(this.getNodeParameter('messages.values', i, []), ['system', 'user', 'assistant']);
	if (!messages.some((message) => message.role === 'user')) throw new InputError('messages', 'Add at least one user message with content');
	const body: IDataObject = { model, messages };
	const temperature = temperatureOf(options.temperature);
	if (temperature !== undefined) body.temperature = temperature;
	const maxTokens = maxTokensOf(options.max_tokens, false);
	if (maxTokens !== undefined) body.max_tokens = maxTokens;
	const parseJson = options.parseJson === true;
	const signal = cancelSignalOf(this);

	if (options.stream === true) {
		body.stream = true;
		const call = chatCall(credentials, body, { signal, timeoutMs: STREAM_SILENCE_TIMEOUT_MS });
		const result = await consumeStream(call, chatStreamAssembler(), options.keepRawChunks === true);
		return [{ json: streamJson(result as unknown as IDataObject & typeof result, parseJson), pairedItem: { item: i } }];
	}
	const { body: response } = await callGateway(chatCall(credentials, body, { signal }));
	const output = this.getNodeParameter('output', i, 'text') as OutputMode;
	return [{ json: answerJson(chatSummary(response), response, output, parseJson), pairedItem: { item: i } }];
}
