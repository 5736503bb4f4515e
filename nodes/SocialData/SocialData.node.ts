import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import { actionSubtitle } from '../shared/actionSubtitle';
import { socialDataProperties } from './description';
import { socialDataToolDescription } from './toolDescription';
import { ENDPOINTS } from './descriptor';
import { sensitiveOutputFields } from './editor/sensitiveOutputFields';
import { socialDataBuilderHint } from './builderHint';

export class SocialData implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Data',
		name: 'socialData',
		icon: { light: 'file:socialData.svg', dark: 'file:socialData.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: actionSubtitle(socialDataProperties),
		description:
			'Short-video, notes, channel, article and search data from the Social Data Gateway',
		defaults: { name: 'Social Data' },
		usableAsTool: { replacements: { description: socialDataToolDescription } },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialGatewayApi', required: true }],
		properties: socialDataProperties,
		builderHint: socialDataBuilderHint,
		sensitiveOutputFields: sensitiveOutputFields(ENDPOINTS),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
