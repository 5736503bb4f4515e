import type { INodeProperties } from 'n8n-workflow';

const show = { show: { operation: ['checkSpikes'] } };

/** The parameters of Check Spikes: the rule of docs/spike-alerts.md and the alerts already sent. */
export const spikeFields: INodeProperties[] = [
	{
		displayName: 'Now',
		name: 'now',
		type: 'dateTime',
		default: '={{ $now.toISO() }}',
		description:
			'End of the current window; give the Schedule Trigger’s timestamp so a run can be replayed',
		displayOptions: show,
	},
	{
		displayName: 'Window (Minutes)',
		name: 'windowMinutes',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 60,
		description:
			'Length of a window: new mentions are counted per window, the last one ending at Now',
		displayOptions: show,
	},
	{
		displayName: 'Baseline Days',
		name: 'baselineDays',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 7,
		description:
			'Days before the current window whose mean count per window is the brand’s usual level',
		displayOptions: show,
	},
	{
		displayName: 'Minimum Count',
		name: 'minimumCount',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 5,
		description: 'Mentions a window needs at least to be a spike, however low the usual level',
		displayOptions: show,
	},
	{
		displayName: 'Factor',
		name: 'factor',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 3,
		description: 'A window is a spike when it holds at least this many times the usual level',
		displayOptions: show,
	},
	{
		displayName: 'Label',
		name: 'label',
		type: 'options',
		options: [
			{ name: 'Negative', value: 'negative' },
			{ name: 'Neutral', value: 'neutral' },
			{ name: 'Positive', value: 'positive' },
			{ name: 'Unclassified', value: 'unclassified' },
		],
		default: 'negative',
		description: 'Which mentions are counted',
		displayOptions: show,
	},
	{
		displayName: 'Alerts Already Sent',
		name: 'alerts',
		type: 'json',
		default: '',
		placeholder: "={{ $('Read Alerts').all().map(item => item.json) }}",
		description:
			'Alerts sent before (JSON list of {brand, label, spikeStart, alertedAt}, usually an expression reading a Data Table); a spike one of them falls within is not returned again. Empty: none.',
		displayOptions: show,
	},
];
