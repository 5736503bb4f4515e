import { endpointPath, ENDPOINTS, GATEWAY_RUN_PATH, GROUPS } from '../descriptor';
import { DATA_CALL_PRICE, DEFAULT_TIMEOUT_MS } from '../descriptor/commonFields';
import { InputError } from '../../shared/execution';
import { DATA_PATH_PREFIXES, dataPathIn } from '../../shared/transport/wireNames';
import type { CallTarget } from './sendCall';
import type { Input } from './validateInput';
import { buildInput } from './validateInput';

export interface GatewayRunPlan {
	target: CallTarget;
	input: Input;
}

const ENDPOINT_PATH = { name: 'endpointPath', displayName: 'Endpoint Path' };

/**
 * Plans the Gateway › Run operation: a call to any endpoint path, written in either vocabulary (the
 * call sends it in the credential's). A path the descriptor knows is validated by its rules; an
 * unknown one inherits its group's minimum timeout and the data-call price.
 */
export function planGatewayRun(path: string, given: Input): GatewayRunPlan {
	const trimmed = path.trim();
	if (!trimmed.startsWith('/api/v1/') || trimmed === GATEWAY_RUN_PATH) {
		throw InputError.about(
			ENDPOINT_PATH,
			`must be an upstream data path starting with /api/v1/ (got "${trimmed}")`,
		);
	}
	const upstream = dataPathIn(trimmed, 'upstream');
	const known = ENDPOINTS.find((endpoint) => endpointPath(endpoint) === upstream);
	if (known) {
		const extras = Object.fromEntries(
			Object.entries(given).filter(
				([key]) => key !== 'raw' && !known.fields.some((f) => f.name === key),
			),
		);
		return { target: known, input: { ...extras, ...buildInput(known, given) } };
	}
	const group = GROUPS.find((candidate) =>
		[candidate.key, ...candidate.endpoints.map((endpoint) => endpoint.family)].some(
			(family) => family && upstream.startsWith(DATA_PATH_PREFIXES[family].upstream),
		),
	);
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
