import type { IBuilderHint } from 'n8n-workflow';

/** What n8n's AI workflow builder reads about the Avatar Assets node when it chooses nodes. */
export const avatarAssetsBuilderHint: IBuilderHint = {
	searchHint:
		'Virtual-avatar material on the gateway: material groups, assets uploaded from public URLs (waiting until they are processed), and real-person authentication sessions that end in a material group. Not for social data or text generation.',
};
