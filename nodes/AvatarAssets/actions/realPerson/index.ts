import type { INodeProperties } from 'n8n-workflow';
import * as createAuthSession from './createAuthSession.operation';
import * as tokenToGroup from './tokenToGroup.operation';

export const operations = { createAuthSession, tokenToGroup };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['realPerson'] } },
		options: [
			{
				name: 'Create Auth Session',
				value: 'createAuthSession',
				builderHint: {
					propertyHint:
						'Returns a link the real person opens to authenticate (`H5Link`), and a token (`BytedToken`; `AvatarToken` with neutral interface names); `CallbackURL` is where the page returns. Exchange the token within 120 s with Token to Group.',
				},
				description:
					'Get an authentication link for a real person, and the token to exchange within 120 seconds',
				action: 'Create a real person auth session',
			},
			{
				name: 'Token to Group',
				value: 'tokenToGroup',
				builderHint: {
					propertyHint:
						'Exchanges the token of Create Auth Session (`BytedToken`, or `AvatarToken` with neutral interface names; within 120 s) for the real-person material group ID.',
				},
				description: 'Exchange a session token for the real-person material group ID',
				action: 'Exchange a token for a real person group',
			},
		],
		default: 'createAuthSession',
	},
	...createAuthSession.description,
	...tokenToGroup.description,
];
