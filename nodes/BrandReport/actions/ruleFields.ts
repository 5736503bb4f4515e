import type { INodeProperties } from 'n8n-workflow';

/** Settings › brands: each brand's name, terms and keyword rule (docs/daily-report.md#keyword-rules). */
const brandRules = (operation: string): INodeProperties => ({
	displayName: 'Brands',
	name: 'brandRules',
	type: 'json',
	required: true,
	default: '',
	placeholder: "={{ $('Settings').first().json.brands }}",
	description:
		'The brands as Settings lists them (JSON list of {"brand", "terms", "rules": {"any", "all", "none", "phrase"}, "exclude"}), usually an expression. A rule that cannot be read stops the node naming the brand.',
	displayOptions: { show: { operation: [operation] } },
	builderHint: {
		propertyHint:
			"An expression reading the brands list of the flow's Settings node (the first item's brands field)",
	},
});

const show = { show: { operation: ['matchRules'] } };

/** The parameters of Match Keyword Rules. */
export const matchRuleFields: INodeProperties[] = [
	brandRules('matchRules'),
	{
		displayName: 'Brand',
		name: 'brand',
		type: 'string',
		default: '={{ $json.brand }}',
		description:
			'The brand the mention was found for (its search query’s); output as the mention’s `brand`',
		displayOptions: show,
	},
	{
		displayName: 'Match Comments Too',
		name: 'matchComments',
		type: 'boolean',
		default: false,
		description:
			'Whether comments read under watched posts must pass the rules too; off, every such comment is kept (the team chose the post, and a comment seldom names the brand)',
		displayOptions: show,
	},
];

/** The parameters of Check Keyword Rules. */
export const checkRuleFields: INodeProperties[] = [brandRules('checkRules')];
