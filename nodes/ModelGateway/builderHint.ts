import type { IBuilderHint } from 'n8n-workflow';

/** What n8n's AI workflow builder reads about the Model Gateway node when it chooses nodes. */
export const modelGatewayBuilderHint: IBuilderHint = {
	searchHint:
		'Generative models through the same gateway key as Social Data: text generation, chat completions, messages, classification of many items in batches, images, speech (WAV), embeddings and model lists. For an agent that calls tools, use the Social Gateway Chat Model under an AI Agent instead.',
	relatedNodes: [
		{
			nodeType: 'n8n-nodes-social-gateway.socialData',
			relationHint: 'Its search and comment records go to Chat > Classify in Batches',
		},
		{
			nodeType: 'n8n-nodes-social-gateway.socialGatewayChatModel',
			relationHint: 'The chat model for an AI Agent on the same key',
		},
	],
};
