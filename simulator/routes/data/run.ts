import { PROVIDER, DATA_CALL_CREDITS } from '../../constants';
import { DATA_PATH_PREFIXES, type InterfaceNames } from '../../../nodes/shared/transport/wireNames';
import type { HttpRoute, SimResponse } from '../types';
import { HttpError, type Input } from './input';
import { DataReply, type DataGroup, type DataHandler } from './types';

interface Envelope {
	provider?: unknown;
	endpoint?: unknown;
	input?: unknown;
}

/**
 * `POST /api/v1/run`: checks the envelope, dispatches to the endpoint's handler and answers
 * `{code, message, request_id, data}`. Every answered call of a known endpoint goes to the ledger:
 * 0.10 credits on a 200, nothing on a rejection. Endpoints are known by the paths of the names the
 * simulator speaks (SimulatorOptions.interfaceNames): a path in the other vocabulary is an unknown
 * endpoint, refused unbilled, as a real gateway refuses it.
 */
export function runRoute(groups: DataGroup[]): HttpRoute {
	const handlersIn = (names: InterfaceNames) =>
		new Map<string, DataHandler>(
			groups.flatMap((group) =>
				Object.entries(group.endpoints).map(
					([name, handler]) => [DATA_PATH_PREFIXES[group.key][names] + name, handler] as const,
				),
			),
		);
	const handlers: Record<InterfaceNames, Map<string, DataHandler>> = {
		upstream: handlersIn('upstream'),
		neutral: handlersIn('neutral'),
	};
	const envelopeOf = (value: unknown): Envelope =>
		value && typeof value === 'object' && !Array.isArray(value) ? (value as Envelope) : {};

	return {
		method: 'POST',
		path: '/api/v1/run',
		auth: 'bearer',
		identify(request) {
			const envelope = envelopeOf(request.json());
			return {
				endpoint: typeof envelope.endpoint === 'string' ? envelope.endpoint : undefined,
				input: envelope.input,
			};
		},
		handle(request, ctx) {
			const body = request.json();
			if (body === undefined || typeof body !== 'object' || Array.isArray(body))
				return error(400, 'Request body must be a JSON object {provider, endpoint, input}');
			const { provider, endpoint, input } = envelopeOf(body);
			if (provider !== PROVIDER)
				return error(400, `Invalid provider: expected ${PROVIDER}`, 'provider');
			if (typeof endpoint !== 'string' || endpoint === '')
				return error(400, 'Missing required field: endpoint', 'endpoint');
			const handler = handlers[ctx.options.interfaceNames].get(endpoint);
			const refused = ctx.options.notForwarded;
			if (refused?.endpoints.includes(endpoint.slice(endpoint.lastIndexOf('/') + 1)))
				return refused.status === 400
					? error(400, `Endpoint not supported: ${endpoint}`, 'endpoint')
					: error(404, `Unknown endpoint: ${endpoint}`, 'endpoint');
			if (!handler) return error(404, `Unknown endpoint: ${endpoint}`, 'endpoint');
			const billing = (credits: number, units?: number) => ({
				endpoint,
				credits,
				...(units === undefined ? {} : { units }),
			});
			if (input === null || typeof input !== 'object' || Array.isArray(input)) {
				return {
					...error(
						400,
						'Invalid input: must be an object ({} when the endpoint needs no parameter)',
						'input',
					),
					billing: billing(0),
				};
			}
			try {
				const result = handler(input as Input, {
					...ctx,
					endpoint,
					pageSize: ctx.options.pageSize,
				});
				const reply = result instanceof DataReply ? result : new DataReply(result, 1);
				return {
					status: 200,
					headers: { 'x-request-id': ctx.requestId },
					body: { code: 200, message: 'success', request_id: ctx.requestId, data: reply.data },
					billing: billing(DATA_CALL_CREDITS, reply.units === 1 ? undefined : reply.units),
				};
			} catch (thrown) {
				if (!(thrown instanceof HttpError)) throw thrown;
				return {
					status: thrown.status,
					body: { code: thrown.status, message: thrown.message, detail: thrown.detail },
					billing: billing(0),
				};
			}
		},
	};
}

function error(status: number, message: string, field?: string): SimResponse {
	return { status, body: { code: status, message, detail: field ? `body.${field}` : message } };
}
