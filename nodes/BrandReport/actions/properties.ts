import type { INodeProperties } from 'n8n-workflow';
import * as buildAlert from './buildAlert.operation';
import * as buildReport from './buildReport.operation';
import * as checkRules from './checkRules.operation';
import * as checkSpikes from './checkSpikes.operation';
import * as matchRules from './matchRules.operation';

export const brandReportProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Build Alert',
				value: 'buildAlert',
				builderHint: {
					propertyHint:
						'One alert per input spike item ({brand, label, windowStart, windowEnd, count, baselinePerWindow, threshold, mentions}); outputs subject, html, markdown and chat bodies with the posts to answer first.',
				},
				description: 'Render one alert per spike, with the posts to answer first',
				action: 'Build a spike alert',
			},
			{
				name: 'Build Report',
				value: 'buildReport',
				builderHint: {
					propertyHint:
						'All input items are mention rows from the history Data Table; outputs one item with subject, html, markdown and feishu/wecom/dingtalk request bodies, plus counts per brand, platform and label.',
				},
				description: 'Render the brand report of a period from mention rows',
				action: 'Build a brand report',
			},
			{
				name: 'Check Keyword Rules',
				value: 'checkRules',
				builderHint: {
					propertyHint:
						'Brands is an expression reading the Settings brands list. Passes its input items on unchanged once every brand’s keyword rule reads; place it before the first search so a bad rule stops the flow before any call.',
				},
				description:
					'Check every brand’s keyword rule before any search, passing the input on unchanged',
				action: 'Check keyword rules',
			},
			{
				name: 'Check Spikes',
				value: 'checkSpikes',
				builderHint: {
					propertyHint:
						'All input items are history rows (Data Table) of the last Baseline Days; Alerts Already Sent is an expression reading the alert Data Table. Outputs one spike item per brand above its usual level, not yet alerted (none on a quiet week): connect Build Alert, then store the alert.',
				},
				description:
					'Find brands whose new mentions of a label jump above their usual level, once per spike',
				action: 'Check for spikes',
			},
			{
				name: 'Match Keyword Rules',
				value: 'matchRules',
				builderHint: {
					propertyHint:
						'Input items are normalised mentions (title, text, kind), Brand names the brand each was found for, Brands is the Settings brands list with their rules (any, all, none, phrase, exclude). Outputs only the mentions that pass their brand’s rule, with `brand` set; place it before classification and storage.',
				},
				description:
					'Keep only the mentions that pass their brand’s keyword rules (any, all, none, exact phrase)',
				action: 'Match keyword rules',
			},
		],
		default: 'buildReport',
	},
	...buildReport.description,
	...buildAlert.description,
	...checkSpikes.description,
	...matchRules.description,
	...checkRules.description,
];
