import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { callGateway } from '../../../shared/transport/request';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { nativeSummary } from '../../helpers/answerText';
import { nativeCall } from '../../helpers/calls';
import type { OutputMode } from '../../helpers/outputs';
import { answerJson } from '../../helpers/outputs';
import { cancelSignalOf, modelOf } from '../../helpers/parameters';
import { textProperties, textRequestBody } from './textRequest';

export const endpoint = 'v1beta/models/{model}:generateContent';

export const description: INodeProperties[] = updateDisplayOptions({ show: { resource: ['text'], operation: ['generate'] } }, textProperties(false));

export async function execute(this: IExecuteFunctions, i: number, credentials: GatewayCredentials): Promise<INodeExecutionData[]> {
	const model = modelOf(this, i);
	const body = await textRequestBody(this, i, model);
	const output = this.getNodeParameter('output', i, 'text') as OutputMode;
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const { body: response } = await callGateway(nativeCall(credentials, model, 'generateContent', body, { signal: cancelSignalOf(this) }));
	return [{ json: answerJson(nativeSummary(response), response, output, options.parseJson === true), pairedItem: { item: i } }];
}
