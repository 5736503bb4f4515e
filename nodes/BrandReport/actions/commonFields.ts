import type { INodeProperties } from 'n8n-workflow';

export const FORMAT_OPTIONS = [
	{
		name: 'E-Mail HTML',
		value: 'email',
		description: 'Output `subject` and `html` for the Send Email node',
	},
	{
		name: 'Markdown (Slack, Teams, Mattermost)',
		value: 'markdown',
		description: 'Output `markdown`, one text for an incoming webhook',
	},
	{
		name: 'Feishu / Lark Card',
		value: 'feishu',
		description: 'Output `feishu`: card request bodies (msg_type interactive), each under 20 KB',
	},
	{
		name: 'WeCom Markdown',
		value: 'wecom',
		description: 'Output `wecom`: markdown request bodies, content under 4,096 bytes each',
	},
	{
		name: 'DingTalk Markdown',
		value: 'dingtalk',
		description:
			'Output `dingtalk`: markdown request bodies (title and text); sign the URL with the Crypto node',
	},
];

/** Parameters both operations share: language, colour, formats and how chat messages come out. */
export function commonFields(operation: string): INodeProperties[] {
	const show = { show: { operation: [operation] } };
	return [
		{
			displayName: 'Language',
			name: 'language',
			type: 'options',
			options: [
				{ name: 'English', value: 'en' },
				{ name: 'Simplified Chinese', value: 'zh' },
			],
			default: 'en',
			description: 'Language of every fixed word in the output; mention texts stay as posted',
			displayOptions: show,
		},
		{
			displayName: 'Accent Colour',
			name: 'accentColour',
			type: 'color',
			default: '#1f2933',
			description: 'Background of the e-mail’s header band',
			displayOptions: show,
		},
		{
			displayName: 'Formats',
			name: 'formats',
			type: 'multiOptions',
			options: FORMAT_OPTIONS,
			default: ['email', 'markdown'],
			description:
				'What to produce; chat formats come as ready request bodies for the HTTP Request node',
			displayOptions: show,
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			displayOptions: show,
			options: [
				{
					displayName: 'Full Report URL',
					name: 'fullReportUrl',
					type: 'string',
					default: '',
					description: 'Where the whole report can be read; a trimmed chat message links to it',
				},
				{
					displayName: 'Max Messages per Chat',
					name: 'maxMessages',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 5 },
					default: 3,
					description:
						'Chat messages per bot at most; what does not fit is trimmed with a note and the link',
				},
				{
					displayName: 'One Item per Chat Message',
					name: 'itemPerMessage',
					type: 'boolean',
					default: false,
					description:
						'Whether to output one item per chat message (`format`, `part`, `of`, `body`) instead of one item with every format, so an HTTP Request node posts each',
				},
			],
		},
	];
}
