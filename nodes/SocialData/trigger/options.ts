import type { INodeProperties } from 'n8n-workflow';
import { DATA_CALL_PRICE } from '../descriptor/commonFields';
import { defaultsOf } from '../editor/behaviourSettings';
import { mentionsOption } from '../editor/nodeOptions';
import { lookBackOption } from '../editor/lookBackOption';
import type { FirstPoll } from '../newOnly/pollState';

/** Settings of the trigger itself (not sent to the service), kept in its one Options collection. */

export interface TriggerSettings {
	creditBudget: number;
	firstPoll: FirstPoll;
	latestCount: number;
	lookBackMinutes: number;
	mentions: boolean;
}

export const triggerBehaviourOptions: INodeProperties[] = [
	{
		displayName: 'Credit Budget per Poll',
		name: 'creditBudget',
		type: 'number',
		default: 1,
		typeOptions: { minValue: DATA_CALL_PRICE.credits, numberPrecision: 2 },
		description: `The most credits one poll may spend (each page is one call, ${DATA_CALL_PRICE.credits.toFixed(2)} credits). When more new items wait than this allows, the poll emits what it read, logs a warning and the next poll continues from where this one stopped, so nothing is lost.`,
	},
	{
		displayName: 'First Poll',
		name: 'firstPoll',
		type: 'options',
		default: 'startFromNow',
		options: [
			{
				name: 'Start From Now',
				value: 'startFromNow',
				description: 'Remember what exists now and emit only what appears later (one call)',
			},
			{
				name: 'Emit the Latest Items',
				value: 'emitLatest',
				description:
					'Emit the newest items that exist now (Latest Items Count), then what appears later',
			},
		],
		description:
			'What the first poll after activation (or after the event or its fields change) does',
	},
	{
		displayName: 'Latest Items Count',
		name: 'latestCount',
		type: 'number',
		default: 10,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		description:
			'How many of the newest items the first poll emits with "Emit the Latest Items", and a manual test execution shows',
	},
];

/** Offered for the events that watch a search's list, where posts may be indexed late. */
export const triggerLookBackOption = lookBackOption('poll');

/** Defaults of the trigger's settings, read off the option definitions above. */
export const TRIGGER_SETTING_DEFAULTS = defaultsOf<TriggerSettings>([
	...triggerBehaviourOptions,
	triggerLookBackOption,
	mentionsOption,
]);
