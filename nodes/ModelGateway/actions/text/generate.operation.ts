import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { answerItems } from '../../helpers/answerItems';
import { nativeSummary } from '../../helpers/answerText';
import { nativeCall } from '../../helpers/calls';
import { modelOf } from '../../helpers/parameters';
import { cancelSignalOf } from '../../../shared/execution/cancelSignal';
import { textProperties, textRequestBody } from './textRequest';

export const endpoint = 'v1beta/models/{model}:generateContent';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['text'], operation: ['generate'] } },
	textProperties(false),
);

interface Plan {
	model: string;
	body: Record<string, unknown>;
	options: IDataObject;
}

export async function plan(this: IExecuteFunctions, i: number): Promise<Plan> {
	const model = modelOf(this, i);
	const body = await textRequestBody(this, i, model);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	return { model, body, options };
}

export async function run(
	this: IExecuteFunctions,
	{ model, body, options }: Plan,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const call = nativeCall(credentials, model, 'generateContent', body, {
		signal: cancelSignalOf(this),
	});
	return await answerItems(this, i, call, nativeSummary, options.parseJson === true);
}
