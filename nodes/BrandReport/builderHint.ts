import type { IBuilderHint } from 'n8n-workflow';

/** What n8n's AI workflow builder reads about the Brand Report node when it chooses nodes. */
export const brandReportBuilderHint: IBuilderHint = {
	searchHint:
		'Keeps only the new mentions that pass each brand’s keyword rules (any, all, none of these terms, exact phrases; width and case alike, whole words), renders a brand-monitoring report (several brands, share of voice, sentiment per platform, negatives to answer first, trend, cost), finds spikes of negative mentions above a brand’s usual level (once per spike) and renders spike alerts, from stored mention rows, as e-mail HTML, Markdown, and ready request bodies for Feishu/Lark, WeCom and DingTalk bots within their size limits. No network calls: send with Send Email or HTTP Request.',
	relatedNodes: [
		{
			nodeType: 'n8n-nodes-social-gateway.modelGateway',
			relationHint:
				'Classify in Batches labels the mentions and a chat call writes the Summary parameter',
		},
		{
			nodeType: 'n8n-nodes-social-gateway.socialData',
			relationHint:
				'Its mention searches find the rows that the history Data Table keeps and this node reports',
		},
	],
};
