import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { route } from './actions/router';
import { socialDataProperties } from './description';

export class SocialData implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Data',
		name: 'socialData',
		icon: 'file:socialData.svg',
		group: ['input'],
		version: 1,
		subtitle: '={{$parameter["resource"] + ": " + $parameter["operation"]}}',
		description: 'Short-video, notes, channel, article and search data from the Social Data Gateway',
		defaults: { name: 'Social Data' },
		usableAsTool: true,
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'socialGatewayApi', required: true }],
		properties: socialDataProperties,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return route.call(this);
	}
}
