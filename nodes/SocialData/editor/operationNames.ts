import type { EndpointDescriptor } from '../descriptor';

/** "Get Video Danmaku" → "Get video danmaku": n8n writes actions in sentence case; IDs and URLs keep their capitals. */
export function sentenceCase(title: string): string {
	return title
		.split(' ')
		.map((word, index) =>
			index === 0 || /^[A-Z0-9]{2,}s?$/.test(word.replace(/[^A-Za-z0-9]/g, ''))
				? word
				: word.toLowerCase(),
		)
		.join(' ');
}

/** The operation as the editor names it, quoted for messages: "Search notes". */
export const operationLabel = (endpoint: Pick<EndpointDescriptor, 'displayName'>) =>
	`"${sentenceCase(endpoint.displayName)}"`;
