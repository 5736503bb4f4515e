import type { IBuilderHint } from 'n8n-workflow';

/** What n8n's AI workflow builder reads about the Social Data Trigger when it chooses nodes. */
export const socialDataTriggerBuilderHint: IBuilderHint = {
	searchHint:
		"Starts a workflow when something new appears on the Social Data Gateway: a note or search result for a keyword, a creator's channel video, or a comment on a note, channel video or article. A polling trigger: each new record is one item, oldest first, each exactly once. For a daily digest use a Schedule Trigger with the Social Data node instead.",
	relatedNodes: [
		{
			nodeType: 'n8n-nodes-social-gateway.socialData',
			relationHint: 'Reads more about a new record: its comments, its author',
		},
		{
			nodeType: 'n8n-nodes-social-gateway.modelGateway',
			relationHint: 'Chat > Classify in Batches labels each new mention (sentiment, topic)',
		},
	],
};
