import type { INodeProperties } from 'n8n-workflow';
import * as chat from './chat';
import * as embedding from './embedding';
import * as image from './image';
import * as message from './message';
import * as model from './model';
import * as native from './native';
import * as speech from './speech';
import * as text from './text';

export const modelGatewayProperties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Chat',
				value: 'chat',
				description: 'Chat completions interface (/v1/chat/completions)',
			},
			{ name: 'Embedding', value: 'embedding', description: 'Text embeddings (embedContent)' },
			{ name: 'Image', value: 'image', description: 'Generate and edit images' },
			{ name: 'Message', value: 'message', description: 'Messages interface (/v1/messages)' },
			{ name: 'Model', value: 'model', description: 'List and inspect models' },
			{
				name: 'Native',
				value: 'native',
				description: 'Any {model}:{action} of the native interface',
			},
			{ name: 'Speech', value: 'speech', description: 'Text to speech as a WAV file' },
			{
				name: 'Text',
				value: 'text',
				description: 'Native generate-content (generateContent, streamGenerateContent)',
			},
		],
		default: 'text',
	},
	...text.description,
	...image.description,
	...speech.description,
	...embedding.description,
	...chat.description,
	...message.description,
	...model.description,
	...native.description,
];
