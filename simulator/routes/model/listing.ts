import type { HttpRoute } from '../types';
import { CATALOG, findModel, modelRecord } from './catalog';
import { answering, notFound, openAiError } from './problems';

/** `GET /v1/models` (OpenAI-compatible list) and `GET /v1/models/{model}`. */
export const listingRoutes: HttpRoute[] = [
	{
		method: 'GET',
		path: '/v1/models',
		identify: () => ({ endpoint: 'v1/models' }),
		handle: () => ({ status: 200, body: { object: 'list', data: CATALOG.map(modelRecord) } }),
	},
	{
		method: 'GET',
		path: '/v1/models/{model}',
		identify: () => ({ endpoint: 'v1/models/{model}' }),
		handle: (request) =>
			answering(() => {
				const model = findModel(decodeURIComponent(request.params.model));
				if (!model)
					throw notFound(`The model '${decodeURIComponent(request.params.model)}' does not exist`);
				return { status: 200, body: modelRecord(model) };
			}, openAiError),
	},
];
