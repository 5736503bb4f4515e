import { ENDPOINTS, GATEWAY_RUN_PATH, GROUPS } from '../descriptor';
import { DATA_CALL_PRICE, DEFAULT_TIMEOUT_MS } from '../descriptor/commonFields';
import type { Input } from './validateInput';
import { InputError, parseTypedJson } from '../../shared/validation';
import { buildInput } from './validateInput';
import type { CallTarget } from './sendCall';

/** The input JSON as typed: parsed without losing the digits of 64-bit numbers. */
export function parseInputJson(value: unknown, field = 'input'): Input {
	let parsed = value;
	if (typeof value === 'string') {
		parsed = value.trim() === '' ? {} : parseTypedJson(field, `Field "${field}"`, value);
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new InputError(field, `Field "${field}" must be a JSON object`);
	}
	return parsed as Input;
}

export interface GatewayRunPlan {
	target: CallTarget;
	input: Input;
}

/**
 * Plans the Gateway › Run operation: a call to any endpoint path. A path the descriptor knows is validated by its rules;
 * an unknown one inherits its group's minimum timeout and the data-call price.
 */
export function planGatewayRun(path: string, given: Input): GatewayRunPlan {
	const trimmed = path.trim();
	if (!trimmed.startsWith('/api/v1/') || trimmed === GATEWAY_RUN_PATH) {
		throw new InputError(
			'endpointPath',
			`Field "endpointPath" must be an upstream data path starting with /api/v1/ (got "${trimmed}")`,
		);
	}
	const known = ENDPOINTS.find((endpoint) => endpoint.path === trimmed);
	if (known) {
		const extras = Object.fromEntries(
			Object.entries(given).filter(
				([key]) => key !== 'raw' && !known.fields.some((f) => f.name === key),
			),
		);
		return { target: known, input: { ...extras, ...buildInput(known, given) } };
	}
	const group = GROUPS.find((candidate) => trimmed.startsWith(candidate.pathPrefix));
	const minTimeoutMs = Math.max(
		0,
		...(group?.endpoints ?? []).map((endpoint) => endpoint.minTimeoutMs ?? 0),
	);
	return {
		target: {
			name: trimmed,
			path: trimmed,
			price: DATA_CALL_PRICE,
			timeoutMs: DEFAULT_TIMEOUT_MS,
			minTimeoutMs,
		},
		input: given,
	};
}
