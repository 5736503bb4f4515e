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

export async function execute(
	this: IExecuteFunctions,
	i: number,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const model = modelOf(this, i);
	const body = await textRequestBody(this, i, model);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const call = nativeCall(credentials, model, 'generateContent', body, {
		signal: cancelSignalOf(this),
	});
	return await answerItems(this, i, call, nativeSummary, options.parseJson === true);
}
