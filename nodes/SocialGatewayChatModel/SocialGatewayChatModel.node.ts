import { supplyModel } from '@n8n/ai-node-sdk';
import type {
	INodeType,
	INodeTypeDescription,
	ISupplyDataFunctions,
	SupplyData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as listSearch from '../shared/models/listSearch';
import { cancelSignalOf } from '../shared/execution/cancelSignal';
import { getGatewayCredentials } from '../shared/gatewayCredentials';
import { chatModelProperties } from './description';
import { GatewayChatModel } from './model/GatewayChatModel';
import { readChatModelOptions } from './model/readOptions';
import { chatModelBuilderHint } from './builderHint';

export class SocialGatewayChatModel implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Gateway Chat Model',
		name: 'socialGatewayChatModel',
		icon: {
			light: 'file:socialGatewayChatModel.svg',
			dark: 'file:socialGatewayChatModel.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["modelId"]?.value }}',
		description:
			"Runs an AI Agent or chain on the gateway's language models, with tool calling and streaming",
		defaults: { name: 'Social Gateway Chat Model' },
		inputs: [],
		outputs: [NodeConnectionTypes.AiLanguageModel],
		outputNames: ['Model'],
		credentials: [{ name: 'socialGatewayApi', required: true }],
		properties: chatModelProperties,
		builderHint: chatModelBuilderHint,
	};

	methods = { listSearch };

	async supplyData(this: ISupplyDataFunctions, itemIndex: number): Promise<SupplyData> {
		const credentials = await getGatewayCredentials(this);
		const modelId = this.getNodeParameter('modelId', itemIndex, '', {
			extractValue: true,
		}) as string;
		const { sampling, timeoutMs } = readChatModelOptions(this, itemIndex);
		const model = new GatewayChatModel(modelId, {
			credentials,
			node: this.getNode(),
			sampling,
			timeoutMs,
			signal: cancelSignalOf(this),
		});
		return supplyModel(this, model);
	}
}
