import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { brandReportProperties } from './actions/properties';
import { router } from './actions/router';
import { brandReportBuilderHint } from './builderHint';
import { BOT_SECRET_PATHS } from './delivery/routes';

export class BrandReport implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Brand Report',
		name: 'brandReport',
		icon: { light: 'file:brandReport.svg', dark: 'file:brandReport.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ ({"buildAlert": "Build Alert", "buildDigest": "Build Digest", "buildReport": "Build Report", "checkRules": "Check Keyword Rules", "checkSpikes": "Check Spikes", "matchRules": "Match Keyword Rules"})[$parameter["operation"]] }}',
		description:
			'Brand report, spike checks, spike alerts and digests of alerts held in quiet hours from mention rows: e-mail HTML, Markdown, Feishu/Lark, WeCom and DingTalk messages',
		defaults: { name: 'Brand Report' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: brandReportProperties,
		builderHint: brandReportBuilderHint,
		sensitiveOutputFields: BOT_SECRET_PATHS,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
