import type { HttpRoute } from '../types';
import { catalogOf, findModel, modelRecord } from './catalog';
import { answering, openAiError, unknownModel } from './problems';

/** `GET /v1/models` (OpenAI-compatible list) and `GET /v1/models/{model}`. */
export const listingRoutes: HttpRoute[] = [
	{
		method: 'GET',
		path: '/v1/models',
		identify: () => ({ endpoint: 'v1/models' }),
		handle: (_request, ctx) => ({
			status: 200,
			body: { object: 'list', data: catalogOf(ctx.options.interfaceNames).map(modelRecord) },
		}),
	},
	{
		method: 'GET',
		path: '/v1/models/{model}',
		identify: () => ({ endpoint: 'v1/models/{model}' }),
		handle: (request, ctx) =>
			answering(() => {
				const model = findModel(
					decodeURIComponent(request.params.model),
					ctx.options.interfaceNames,
				);
				if (!model) throw unknownModel(decodeURIComponent(request.params.model));
				return { status: 200, body: modelRecord(model) };
			}, openAiError),
	},
];
