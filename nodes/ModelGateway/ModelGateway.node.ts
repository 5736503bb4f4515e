import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { actionSubtitle } from '../shared/actionSubtitle';
import { modelGatewayProperties } from './actions/properties';
import { router } from './actions/router';
import * as listSearch from '../shared/models/listSearch';
import { modelGatewayToolDescription } from './toolDescription';
import { modelGatewayBuilderHint } from './builderHint';

export class ModelGateway implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Model Gateway',
		name: 'modelGateway',
		icon: { light: 'file:modelGateway.svg', dark: 'file:modelGateway.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: actionSubtitle(modelGatewayProperties),
		description:
			'Generate text, images, speech and embeddings, chat and list models through the model gateway',
		defaults: { name: 'Model Gateway' },
		usableAsTool: { replacements: { description: modelGatewayToolDescription } },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialGatewayApi', required: true }],
		properties: modelGatewayProperties,
		builderHint: modelGatewayBuilderHint,
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
