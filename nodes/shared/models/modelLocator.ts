import type { INodeProperties } from 'n8n-workflow';

/** The model field every node picking a gateway model shows. */

export const DEFAULT_TEXT_MODEL = 'gemini-2.5-flash';

export type ModelSearchMethod =
	| 'searchModels'
	| 'searchTextModels'
	| 'searchImageModels'
	| 'searchPredictionModels'
	| 'searchSpeechModels'
	| 'searchEmbeddingModels';

/** The model field: a searchable list from `GET /v1/models`, or any id typed in. */
export function modelLocator(
	searchListMethod: ModelSearchMethod,
	defaultModel: string,
): INodeProperties {
	return {
		displayName: 'Model',
		name: 'modelId',
		builderHint: {
			propertyHint:
				'A model id of the gateway: keep the default, or pick one Model > List returns; never invent one.',
		},
		type: 'resourceLocator',
		default: { mode: 'list', value: defaultModel },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${defaultModel}`,
			},
		],
	};
}
