import type { INodeProperties } from 'n8n-workflow';
import * as buildAlert from './buildAlert.operation';
import * as buildReport from './buildReport.operation';
import * as checkSpikes from './checkSpikes.operation';

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
		],
		default: 'buildReport',
	},
	...buildReport.description,
	...buildAlert.description,
	...checkSpikes.description,
];
