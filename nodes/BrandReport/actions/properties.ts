import type { INodeProperties } from 'n8n-workflow';
import * as buildAlert from './buildAlert.operation';
import * as buildReport from './buildReport.operation';

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
		],
		default: 'buildReport',
	},
	...buildReport.description,
	...buildAlert.description,
];
