/**
 * What an AI agent reads about the Model Gateway tool (n8n's `usableAsTool` replacements): which
 * resource and operation answers which request.
 */
export const modelGatewayToolDescription = [
	"Calls the gateway's AI models.",
	'Text > Generate writes, rewrites, classifies or summarises text from a prompt; Chat > Complete and Message > Create answer a conversation;',
	'Image > Generate creates a picture from a description and Image > Edit changes one; Speech > Generate reads text aloud as a WAV file;',
	'Embedding > Embed turns text into a vector for similarity search; Model > List names the models to put in the Model field.',
].join(' ');
