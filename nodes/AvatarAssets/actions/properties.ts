import type { INodeProperties } from 'n8n-workflow';
import * as asset from './asset';
import * as group from './group';
import * as realPerson from './realPerson';

export const avatarAssetsProperties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Asset', value: 'asset', description: 'Material (image, video, audio) in a group' },
			{ name: 'Group', value: 'group', description: 'Material group of a virtual avatar' },
			{
				name: 'Real Person',
				value: 'realPerson',
				description: 'Authentication sessions that give a real-person material group',
			},
		],
		default: 'asset',
	},
	...group.description,
	...asset.description,
	...realPerson.description,
];
