import type { IBuilderHint } from 'n8n-workflow';

/** What n8n's AI workflow builder reads about the Social Data node when it chooses nodes. */
export const socialDataBuilderHint: IBuilderHint = {
	searchHint:
		'Public social-platform data through one gateway key: short videos, notes, channel videos and lives, articles of official accounts, and cross-platform search. Use it, not HTTP Request, to learn what people say about a brand, product or topic on these platforms: Search (WeChat Search) > Search or Notes (Xiaohongshu) > Search Notes find posts by keyword, the comment operations read the replies to a post. Ids come out as strings; pass them on as strings.',
	relatedNodes: [
		{
			nodeType: 'n8n-nodes-social-gateway.modelGateway',
			relationHint:
				'Chat > Classify in Batches labels the records (sentiment, topic), many per model call; Text > Generate writes a summary',
		},
		{
			nodeType: 'n8n-nodes-social-gateway.socialDataTrigger',
			relationHint: 'Starts a workflow as soon as new notes, search results or comments appear',
		},
		{
			nodeType: 'n8n-nodes-base.scheduleTrigger',
			relationHint:
				'Runs a daily report of what people say; with `options.onlyNew` on the searches each run reads only what is new',
		},
		{
			nodeType: 'n8n-nodes-base.removeDuplicates',
			relationHint: 'Keeps only the mentions an earlier run has not reported',
		},
	],
};
