import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { actionSubtitle } from '../shared/actionSubtitle';
import { avatarAssetsProperties } from './actions/properties';
import { router } from './actions/router';
import { listSearch } from './methods';
import { avatarAssetsToolDescription } from './toolDescription';
import { avatarAssetsBuilderHint } from './builderHint';

export class AvatarAssets implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Avatar Assets',
		name: 'avatarAssets',
		icon: { light: 'file:avatarAssets.svg', dark: 'file:avatarAssets.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: actionSubtitle(avatarAssetsProperties),
		description:
			'Virtual-avatar material groups and assets, and real-person authentication sessions',
		defaults: { name: 'Avatar Assets' },
		usableAsTool: { replacements: { description: avatarAssetsToolDescription } },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialGatewayApi', required: true }],
		properties: avatarAssetsProperties,
		builderHint: avatarAssetsBuilderHint,
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
