import type { SimResponse } from '../types';

/** Error bodies in the style of each interface. */

export class ModelProblem extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

export const badRequest = (message: string) => new ModelProblem(400, message);
export const notFound = (message: string) => new ModelProblem(404, message);

/** The answer to a model id the gateway does not serve (e.g. one in the other vocabulary's words). */
export const unknownModel = (id: string) => notFound(`The model '${id}' does not exist`);

const GOOGLE_STATUS: Record<number, string> = {
	400: 'INVALID_ARGUMENT',
	404: 'NOT_FOUND',
	413: 'INVALID_ARGUMENT',
};

/** Native interface: `{error: {code, message, status}}`. */
export function nativeError(problem: ModelProblem): SimResponse {
	return {
		status: problem.status,
		body: {
			error: {
				code: problem.status,
				message: problem.message,
				status: GOOGLE_STATUS[problem.status] ?? 'UNKNOWN',
			},
		},
	};
}

/** Chat completions and model listing: `{error: {message, type, code}}`. */
export function openAiError(problem: ModelProblem): SimResponse {
	const type = problem.status === 404 ? 'not_found_error' : 'invalid_request_error';
	return {
		status: problem.status,
		body: {
			error: {
				message: problem.message,
				type,
				code: problem.status === 404 ? 'model_not_found' : null,
			},
		},
	};
}

/** Messages interface: `{type: 'error', error: {type, message}}`. */
export function messagesError(problem: ModelProblem): SimResponse {
	const type = problem.status === 404 ? 'not_found_error' : 'invalid_request_error';
	return {
		status: problem.status,
		body: { type: 'error', error: { type, message: problem.message } },
	};
}

/** Runs a handler, answering a ModelProblem with the interface's error body. */
export async function answering(
	handler: () => SimResponse | Promise<SimResponse>,
	asError: (problem: ModelProblem) => SimResponse,
): Promise<SimResponse> {
	try {
		return await handler();
	} catch (error) {
		if (error instanceof ModelProblem) return asError(error);
		throw error;
	}
}
