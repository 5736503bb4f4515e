import type { INodeProperties } from 'n8n-workflow';
import { SECTIONS } from '../render/reportModel';

const show = { show: { operation: ['buildReport'] } };

const SECTION_NAMES: Record<(typeof SECTIONS)[number], [string, string]> = {
	headlines: ['Headline Numbers', 'New, negative, positive, sources answered'],
	summary: ['Summary', 'The model’s summary of the period'],
	answerFirst: [
		'Answer First',
		'Negative posts per brand, most engaged first, with links (negative comments too when Comments to Answer First is off)',
	],
	commentsToAnswer: [
		'Comments to Answer First',
		'Negative comments per brand, newest first, each with a link to the post it is under',
	],
	shareOfVoice: ['Share of Voice and Sentiment', 'Per brand and per platform (two brands or more)'],
	platforms: ['Sentiment by Platform', 'Stacked bars per platform'],
	mostEngaged: [
		'Most Engaged',
		'The five stories with the most engagement (a story posted on several platforms once)',
	],
	trend: ['Trend', 'New mentions per day over the trend days'],
	failedSources: ['Failed Sources', 'Sources that failed and why'],
	unclassified: ['Unclassified', 'Mentions the model could not classify'],
	cost: ['Cost', 'Credits and model calls of the run'],
};

/** The parameters only Build Report has. */
export const reportFields: INodeProperties[] = [
	{
		displayName: 'Brands',
		name: 'brands',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Brand',
		default: {},
		description: 'The brands to compare, in this order; empty: the brands found in the input',
		displayOptions: show,
		options: [
			{
				displayName: 'Brand',
				name: 'brand',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'As in the rows’ `brand` field',
					},
					{
						displayName: 'Colour',
						name: 'colour',
						type: 'color',
						default: '',
						description: 'Colour of the brand’s bars; empty: one of the report’s own',
					},
				],
			},
		],
	},
	{
		displayName: 'Report Period',
		name: 'period',
		type: 'options',
		options: [
			{
				name: 'Last 24 Hours',
				value: 'last24Hours',
				description: 'Mentions first seen in the 24 hours ending now',
			},
			{
				name: 'Between',
				value: 'between',
				description: 'Mentions first seen from From (included) to To (excluded)',
			},
		],
		default: 'last24Hours',
		displayOptions: show,
	},
	{
		displayName: 'From',
		name: 'periodFrom',
		type: 'dateTime',
		default: '',
		displayOptions: { show: { operation: ['buildReport'], period: ['between'] } },
	},
	{
		displayName: 'To',
		name: 'periodTo',
		type: 'dateTime',
		default: '',
		displayOptions: { show: { operation: ['buildReport'], period: ['between'] } },
	},
	{
		displayName: 'Sections',
		name: 'sections',
		type: 'multiOptions',
		options: SECTIONS.map((value) => ({
			name: SECTION_NAMES[value][0],
			value,
			description: SECTION_NAMES[value][1],
		})),
		default: [...SECTIONS],
		description: 'What the report shows, in a fixed order; chat formats show the same, shorter',
		displayOptions: show,
	},
	{
		displayName: 'Summary',
		name: 'summary',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: "={{ $('Summarise the Day').first().json.text }}",
		description:
			'The model’s summary of the period, usually an expression reading the summary node',
		displayOptions: show,
	},
	{
		displayName: 'Failed Sources',
		name: 'failedSources',
		type: 'json',
		default: '',
		placeholder: '[{"source": "channels", "error": "Service unavailable", "status": 503}]',
		description:
			'Sources that failed in this run (JSON list, usually an expression); shown and counted as not answered',
		displayOptions: show,
	},
	{
		displayName: 'Source Runs',
		name: 'sourceRuns',
		type: 'json',
		default: '',
		placeholder: "={{ $('Read Runs').all().map(item => item.json) }}",
		description:
			'The runs of the period (JSON list of the runs table’s rows: runAt, source, platform, brand, term, credits, modelCalls, error, status; usually an expression). A run is named by its platform (else its source). A search whose last run failed is reported as failed; one that failed and answered at a later run, as caught up; the cost is their credits and model calls.',
		displayOptions: show,
	},
	{
		displayName: 'Credits Used',
		name: 'costCredits',
		type: 'string',
		default: '',
		placeholder: '={{ $json.credits }}',
		description:
			'Credits this run spent itself (a number), added to those of the Source Runs; empty: only the Source Runs’, or (none given) not shown',
		displayOptions: show,
	},
	{
		displayName: 'Model Calls',
		name: 'costModelCalls',
		type: 'string',
		default: '',
		description:
			'Model calls this run made itself (a number, e.g. 1 for its summary), added to those of the Source Runs; empty: only the Source Runs’, or (none given) not shown',
		displayOptions: show,
	},
	{
		displayName: 'Trend Rows',
		name: 'trendRows',
		type: 'json',
		default: '',
		description:
			'History rows for the trend (JSON list of rows, usually an expression reading a Data Table); empty: the input rows, which then should span the trend days',
		displayOptions: show,
	},
	{
		displayName: 'Trend Days',
		name: 'trendDays',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 31 },
		default: 7,
		description: 'Days the trend shows, ending with the report period’s last day',
		displayOptions: show,
	},
];
