import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { getGatewayCredentials } from '../gatewayCredentials';
import { callGateway } from '../transport/request';
import { isPredictionModelId, modelStem } from '../transport/wireNames';
import { modelListingCall } from './calls';

/**
 * Model dropdowns: `GET /v1/models`, narrowed to what an operation can use, filtered by the search
 * text. Capabilities are read from the id without its prefix, so gemini-/imagen- and gm-/img- ids alike.
 */

type ModelFilter = (id: string) => boolean;

const isPredictionModel: ModelFilter = isPredictionModelId;
const isImageModel: ModelFilter = (id) => !isPredictionModel(id) && modelStem(id).includes('image');
const isSpeechModel: ModelFilter = (id) => modelStem(id).includes('tts');
const isEmbeddingModel: ModelFilter = (id) => modelStem(id).includes('embedding');
const isTextModel: ModelFilter = (id) =>
	!isImageModel(id) && !isPredictionModel(id) && !isSpeechModel(id) && !isEmbeddingModel(id);

async function searchWith(
	context: ILoadOptionsFunctions,
	keep: ModelFilter,
	filter?: string,
): Promise<INodeListSearchResult> {
	const credentials = await getGatewayCredentials(context);
	const { body } = await callGateway<{ data?: Array<{ id?: unknown }> }>(
		modelListingCall(credentials, 'list'),
	);
	const needle = filter?.trim().toLowerCase();
	const ids = (body?.data ?? [])
		.map((record) => (typeof record?.id === 'string' ? record.id : ''))
		.filter((id) => id !== '' && keep(id) && (!needle || id.toLowerCase().includes(needle)))
		.sort();
	return { results: ids.map((id) => ({ name: id, value: id })) };
}

export async function searchModels(this: ILoadOptionsFunctions, filter?: string) {
	return await searchWith(this, () => true, filter);
}

export async function searchTextModels(this: ILoadOptionsFunctions, filter?: string) {
	return await searchWith(this, isTextModel, filter);
}

export async function searchImageModels(this: ILoadOptionsFunctions, filter?: string) {
	return await searchWith(this, isImageModel, filter);
}

export async function searchPredictionModels(this: ILoadOptionsFunctions, filter?: string) {
	return await searchWith(this, isPredictionModel, filter);
}

export async function searchSpeechModels(this: ILoadOptionsFunctions, filter?: string) {
	return await searchWith(this, isSpeechModel, filter);
}

export async function searchEmbeddingModels(this: ILoadOptionsFunctions, filter?: string) {
	return await searchWith(this, isEmbeddingModel, filter);
}
