import type { IBuilderHint } from 'n8n-workflow';

/** What n8n's AI workflow builder reads about the chat-model sub-node when it chooses nodes. */
export const chatModelBuilderHint: IBuilderHint = {
	searchHint:
		"The gateway's chat models as the Chat Model of an AI Agent (tool calling, streaming), on the pack's one credential. Give the agent the Social Data tool to answer what people say about a brand.",
	relatedNodes: [
		{
			nodeType: '@n8n/n8n-nodes-langchain.agent',
			relationHint: "Connect to the agent's Chat Model input",
		},
		{
			nodeType: 'n8n-nodes-social-gateway.socialDataTool',
			relationHint: "Connect to the agent's Tool input: searches notes, articles and videos",
		},
	],
};
