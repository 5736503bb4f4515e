import type { INodeProperties } from 'n8n-workflow';
import type { EndpointDescriptor } from '../descriptor';
import { defaultsOf, settingsOver } from './behaviourSettings';
import { lookBackOption, runAtOption } from './lookBackOption';

/**
 * Behaviour settings of the node (not sent to the service), derived from what an endpoint can do.
 * They sit in the operation's one Options collection beside the optional wire fields.
 */

export interface NodeOptionValues {
	concurrency: number;
	creditBudget: number;
	creditCeilingPerHour: number;
	creditCeilingPerDay: number;
	timeout: number;
	splitRecords: boolean;
	maxPages: number;
	fallback: boolean;
	combineItems: boolean;
	mentions: boolean;
	unknownShape: 'hint' | 'fail';
	onlyNew: boolean;
	onlyNewMemoryIn: 'staticData' | 'parameter';
	onlyNewMemory: string;
	lookBackMinutes: number;
	runAt: unknown;
	walkSummary: boolean;
}

export const timeoutOption: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	default: 0,
	typeOptions: { minValue: 0 },
	description:
		"Client timeout of each call; 0 uses the endpoint's default. Channel and article calls never use less than 30 s: the service may charge a call whose answer was not awaited.",
};

/** Where a Credit Ceiling's spend is counted, and the bound it gives with several workers. */
const CEILING_SCOPE =
	" Where it counts: every execution of this node with this credential, on every worker: each call is reserved in n8n's database before it is sent, under a lock. Bound: the credits billed in any window stay at most the ceiling plus one call per running execution (the ceiling itself unless a worker died holding the lock). Without n8n's database (an in-process engine) it counts in the workflow's static data and says so in a hint. For a cap on everything the key spends, set the key's quota in your provider's console. 0 means no ceiling.";

export const commonNodeOptions: INodeProperties[] = [
	{
		displayName: 'Concurrency',
		name: 'concurrency',
		type: 'number',
		default: 4,
		typeOptions: { minValue: 1, maxValue: 50 },
		description:
			'How many input items are processed at once (the value of the first input item that passes its checks); output order always follows the input',
	},
	{
		displayName: 'Credit Budget',
		name: 'creditBudget',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0, numberPrecision: 2 },
		description:
			'Stop before this execution would spend more credits than this (price × calls); a Return All walk it stops keeps the pages already paid for. 0 means no budget. It holds for the whole execution, as the Credit Ceilings do: the value of the first input item that passes its checks counts.',
	},
	{
		displayName: 'Credit Ceiling per Hour',
		name: 'creditCeilingPerHour',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0, numberPrecision: 2 },
		description:
			'Stop before the calls of the last 60 minutes with this credential would cost more credits than this: a looping AI agent or MCP client stops here.' +
			CEILING_SCOPE,
	},
	{
		displayName: 'Credit Ceiling per Day',
		name: 'creditCeilingPerDay',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0, numberPrecision: 2 },
		description:
			'Stop before the calls of the last 24 hours with this credential would cost more credits than this.' +
			CEILING_SCOPE,
	},
	timeoutOption,
];

const paging: INodeProperties[] = [
	{
		displayName: 'One Item per Record',
		name: 'splitRecords',
		type: 'boolean',
		default: true,
		description:
			'Whether to output one item per record (video, comment, note, hit…) or one item per page with the whole answer',
	},
	{
		displayName: 'Max Pages',
		name: 'maxPages',
		type: 'number',
		default: 100,
		typeOptions: { minValue: 1 },
		displayOptions: { show: { '/returnAll': [true] } },
		description: 'The most pages one item may fetch; the run says so when it stops there',
	},
];

/** What a successful answer with no records at any place the pack knows does: never a silent "nothing". */
const unknownShape: INodeProperties = {
	displayName: 'On Answer in an Unknown Shape',
	name: 'unknownShape',
	type: 'options',
	default: 'hint',
	options: [
		{
			name: 'Output Nothing and Add a Hint',
			value: 'hint',
			description: "The run succeeds; the execution shows a hint naming the answer's keys",
		},
		{
			name: 'Fail',
			value: 'fail',
			description:
				'The item fails (or becomes an error item with Continue On Fail), so a report can name the source',
		},
	],
	description:
		'What to do when a successful answer holds no records at any place the pack knows (the upstream platform changed its answer): it is never read as "no results"',
};

const fallback: INodeProperties = {
	displayName: 'Fall Back to Variant',
	name: 'fallback',
	type: 'boolean',
	default: true,
	description:
		'Whether to retry once with the alternative variant of the endpoint when it fails without being billed (an HTTP rejection, a refused connection); never after a timeout or a cut-off answer, which may have been billed. The output says which variant answered.',
};

const batching: INodeProperties[] = [
	{
		displayName: 'Combine Items',
		name: 'combineItems',
		type: 'boolean',
		default: false,
		description:
			'Whether to gather the IDs of all input items and send them together in calls of up to 50 (fewer calls; each call is priced as 50 videos on the batch play-link endpoint)',
	},
	paging[0],
];

export const mentionsOption: INodeProperties = {
	displayName: 'Output Normalised Mentions',
	name: 'mentions',
	type: 'boolean',
	default: false,
	description:
		'Whether to output one common record per post or comment (platform, kind, ID, post ID, URL, title, text, author, publishedAt, likes, comments, shares, reads, source) so results of several platforms can be merged; a comment links to the post it is under',
};

/** For the lists read newest first (the trigger's memory and stop rule, in a scheduled flow). */
const newOnly: INodeProperties[] = [
	{
		displayName: 'Only New Since Last Run',
		name: 'onlyNew',
		type: 'boolean',
		default: false,
		builderHint: {
			propertyHint:
				'Turn on (with returnAll) in a scheduled workflow that reports mentions: each run outputs only the records that appeared since the last run, each once, and costs one call when nothing is new.',
		},
		description:
			"Whether to output only the records that appeared since this workflow's last run, each once: the list is read newest first and the walk stops at the first record an earlier run output, or for a search's list once past its Look-Back Margin below the newest one, so posts indexed late are output too (memory per query in the workflow's static data, or carried by the flow: Keep the Memory In). The first run reads every page. The Credit Budget and Max Pages then bound each item's walk; a walk they cut short is finished by the next run. Test runs from the editor do not save the memory.",
	},
	{
		displayName: 'Keep the Memory In',
		name: 'onlyNewMemoryIn',
		type: 'options',
		default: 'staticData',
		displayOptions: { show: { onlyNew: [true] } },
		options: [
			{
				name: 'Workflow Static Data',
				value: 'staticData',
				description: 'Saved by n8n with the workflow after each production run',
			},
			{
				name: 'Memory Parameter and Walk Summary',
				value: 'parameter',
				description:
					'The flow stores it (e.g. in a Data Table): each run reads Memory From the Last Run and outputs the new memory as `onlyNewWalk.memory` in the walk summary item. Needed in queue mode, where n8n starts new executions on workers without static data.',
			},
		],
		description: 'Where Only New Since Last Run keeps what each query has seen',
	},
	{
		displayName: 'Memory From the Last Run',
		name: 'onlyNewMemory',
		type: 'string',
		default: '',
		displayOptions: { show: { onlyNew: [true], onlyNewMemoryIn: ['parameter'] } },
		description:
			"The `onlyNewWalk.memory` a previous run output for this item's query (JSON), or a list of such memories (e.g. every row's `state` of a Data Table), from which each item takes its own query's; usually an expression. Empty, or no memory of this query in the list: a first run.",
	},
	lookBackOption('run', { displayOptions: { show: { onlyNew: [true] } } }),
	{ ...runAtOption, displayOptions: { show: { onlyNew: [true] } } },
	{
		displayName: 'Add Walk Summary Item',
		name: 'walkSummary',
		type: 'boolean',
		default: false,
		description:
			"Whether to add, with Only New Since Last Run, one item after each input item's new records saying what its walk cost and why it stopped (`onlyNewWalk`: calls, credits, newRecords, stoppedBy; `memory` when the flow keeps the memory). Off, the execution hints say it and the output holds records only.",
	},
];

/** Only New for the lists a walk can watch; the Look-Back Margin only for a search's list. */
function newOnlyOptionsFor(endpoint: EndpointDescriptor): INodeProperties[] {
	if (!endpoint.newestFirst && !endpoint.popularFirst) return [];
	return endpoint.newestFirst?.searchIndex
		? newOnly
		: newOnly.filter((option) => !['lookBackMinutes', 'runAt'].includes(option.name));
}

export function nodeOptionsFor(endpoint: EndpointDescriptor): INodeProperties[] {
	return [
		...commonNodeOptions,
		...(endpoint.pagination || endpoint.records ? [paging[0]] : []),
		...(endpoint.pagination ? [paging[1]] : []),
		...(endpoint.pagination || endpoint.records ? [unknownShape] : []),
		...(endpoint.mentions ? [mentionsOption] : []),
		...(endpoint.fallback ? [fallback] : []),
		...(endpoint.batch ? batching : []),
		...newOnlyOptionsFor(endpoint),
	];
}

/** Defaults of every node option, read off the option definitions above. */
export const NODE_OPTION_DEFAULTS = defaultsOf<NodeOptionValues>([
	...commonNodeOptions,
	...paging,
	fallback,
	...batching,
	mentionsOption,
	unknownShape,
	...newOnly,
]);

/** Names of the behaviour settings: in the Options collection they are not wire fields. */
export const NODE_OPTION_NAMES: ReadonlySet<string> = new Set(Object.keys(NODE_OPTION_DEFAULTS));

/** The behaviour settings among the values of an Options collection, over their defaults. */
export function nodeOptionValues(options: Record<string, unknown>): NodeOptionValues {
	return settingsOver(NODE_OPTION_DEFAULTS, options);
}

/** The wire fields among the values of an Options collection. */
export function wireOptionValues(options: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(options).filter(([name]) => !NODE_OPTION_NAMES.has(name)),
	);
}
