import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { eventSubtitle, socialDataTriggerProperties } from './trigger/description';
import { pollSocialData } from './trigger/poll';
import { socialDataTriggerBuilderHint } from './trigger/builderHint';

export class SocialDataTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Data Trigger',
		name: 'socialDataTrigger',
		icon: { light: 'file:socialData.svg', dark: 'file:socialData.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: eventSubtitle,
		description:
			'Short-video, notes, channel, article and search data; as a trigger, starts a workflow when new notes, search results, channel videos or comments appear',
		defaults: { name: 'Social Data Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialGatewayApi', required: true }],
		properties: socialDataTriggerProperties,
		builderHint: socialDataTriggerBuilderHint,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollSocialData.call(this);
	}
}
