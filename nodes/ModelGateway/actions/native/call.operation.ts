import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { FieldRef } from '../../../shared/execution/inputError';
import { InputError } from '../../../shared/execution/inputError';
import { isRecord } from '../../../shared/json/isRecord';
import { callGateway } from '../../../shared/transport/request';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { streamedAnswerItems } from '../../helpers/answerItems';
import type { NativeVersion } from '../../../shared/models/calls';
import { nativeCall, STREAM_SILENCE_TIMEOUT_MS } from '../../../shared/models/calls';
import { jsonParameter, modelOf } from '../../helpers/parameters';
import { cancelSignalOf } from '../../../shared/execution/cancelSignal';
import { nativeStreamAssembler } from '../../helpers/streams/nativeStream';
import { keepRawChunksOption, modelOptions } from '../descriptions';
import { modelLocator } from '../../../shared/models/modelLocator';

export const endpoint = '{version}/models/{model}:{action}';

const properties: INodeProperties[] = [
	{
		displayName: 'API Version',
		name: 'apiVersion',
		type: 'options',
		options: [
			{ name: 'V1beta', value: 'v1beta' },
			{ name: 'V1alpha', value: 'v1alpha' },
		],
		default: 'v1beta',
	},
	modelLocator('searchModels', 'gemini-2.5-flash'),
	{
		displayName: 'Action',
		name: 'action',
		builderHint: {
			propertyHint: 'The native action after the colon, e.g. generateContent or countTokens.',
		},
		type: 'string',
		default: 'generateContent',
		required: true,
		placeholder: 'e.g. generateContent, countTokens, streamGenerateContent',
		description:
			'The part after the colon in {model}:{action}. An action starting with "stream" is read as Server-Sent Events (alt=sse) and assembled.',
	},
	{
		displayName: 'Body (JSON)',
		name: 'body',
		type: 'json',
		default: '{\n  "contents": [{ "role": "user", "parts": [{ "text": "Hello" }] }]\n}',
		description: 'The request body, sent unchanged',
	},
	modelOptions([keepRawChunksOption]),
];

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['native'], operation: ['call'] } },
	properties,
);

const ACTION: FieldRef = { name: 'action', displayName: 'Action' };
const BODY: FieldRef = { name: 'body', displayName: 'Body (JSON)' };

interface Plan {
	version: NativeVersion;
	model: string;
	action: string;
	body: Record<string, unknown>;
	options: IDataObject;
}

export function plan(this: IExecuteFunctions, i: number): Plan {
	const version = this.getNodeParameter('apiVersion', i, 'v1beta') as NativeVersion;
	const model = modelOf(this, i);
	const action = String(this.getNodeParameter('action', i, '')).trim();
	if (!/^[A-Za-z][A-Za-z0-9_.-]*$/.test(action)) {
		throw InputError.about(
			ACTION,
			`must be a method name such as generateContent; got ${JSON.stringify(action)}`,
		);
	}
	const body = jsonParameter(this, BODY, i);
	if (!isRecord(body)) throw InputError.about(BODY, 'must be a JSON object');
	if (
		version === 'v1alpha' &&
		!(
			Array.isArray((body as IDataObject).contents) &&
			((body as IDataObject).contents as unknown[]).length > 0
		)
	) {
		throw InputError.about(
			BODY,
			'must hold a non-empty "contents" array for the v1alpha interface',
		);
	}
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	return { version, model, action, body, options };
}

export async function run(
	this: IExecuteFunctions,
	{ version, model, action, body, options }: Plan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const signal = cancelSignalOf(this);
	if (action.startsWith('stream')) {
		const call = nativeCall(
			credentials,
			model,
			action,
			body,
			{ query: { alt: 'sse' }, timeoutMs: STREAM_SILENCE_TIMEOUT_MS, signal },
			version,
		);
		return await streamedAnswerItems(i, call, nativeStreamAssembler(), {
			keepRawChunks: options.keepRawChunks === true,
			parseJson: false,
		});
	}
	const { body: response } = await callGateway(
		nativeCall(credentials, model, action, body, { signal }, version),
	);
	return [{ json: (response ?? {}) as IDataObject, pairedItem: { item: i } }];
}
