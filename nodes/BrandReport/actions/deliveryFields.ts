import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { DeliverySettings } from '../delivery/readDeliverySettings';
import { readDeliverySettings } from '../delivery/readDeliverySettings';
import { jsonValue } from './jsonParameter';

const DELIVERY_DESCRIPTION =
	'The team’s Settings as one object: alertTo, reportTo and the bots (feishuUrl, feishuSecret, wecomUrl, dingtalkUrl, dingtalkSecret), brands (each may name its own alertTo, reportTo and bots) and quietHours. Each output item then carries `deliverTo` (e-mail recipients and bots) and its chat messages the address of their bot. Empty: no routing.';

/** Delivery Settings (routes and quiet hours) and, where quiet hours apply, the time of the run. */
export function deliveryFields(operations: string[], withNow: boolean): INodeProperties[] {
	const show = { show: { operation: operations } };
	const now: INodeProperties[] = withNow
		? [
				{
					displayName: 'Now',
					name: 'now',
					type: 'dateTime',
					default: '={{ $now.toISO() }}',
					description:
						'The time of the run, read on the workflow’s clock against the quiet hours; give the same time as Check Spikes',
					displayOptions: show,
				},
			]
		: [];
	return [
		{
			displayName: 'Delivery Settings',
			name: 'deliverySettings',
			type: 'json',
			default: '',
			placeholder: "={{ $('Settings').first().json }}",
			description: DELIVERY_DESCRIPTION,
			displayOptions: show,
		},
		...now,
	];
}

/** The Delivery Settings of item `itemIndex`, or null when none are given. */
export function readDelivery(
	context: IExecuteFunctions,
	itemIndex: number,
): DeliverySettings | null {
	const value = jsonValue(
		'deliverySettings',
		'Delivery Settings',
		context.getNodeParameter('deliverySettings', itemIndex, ''),
	);
	return value === undefined ? null : readDeliverySettings(value);
}
