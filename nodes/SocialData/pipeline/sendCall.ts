import type { EndpointDescriptor } from '../descriptor';
import { ID_FIELD_NAMES, PROVIDER } from '../descriptor';
import { namedNumbersAsStrings } from '../../shared/json/namedIdStrings';
import { firstValueAt, valuesAt } from './answerPaths';
import { effectiveTimeoutMs } from './callTimeout';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import { GatewayError } from '../../shared/transport/errors';
import { redactSecret } from '../../shared/transport/redact';
import { callGateway } from '../../shared/transport/request';
import type { Input } from './validateInput';
import type { CreditBudget } from './creditBudget';

export type RunTarget = Pick<
	EndpointDescriptor,
	'name' | 'path' | 'price' | 'timeoutMs' | 'minTimeoutMs' | 'answerError'
>;

export interface RunContext {
	credentials: GatewayCredentials;
	budget: CreditBudget;
	signal?: AbortSignal;
	/** The user's timeout in seconds (0 or undefined = the endpoint's default). */
	timeoutSeconds?: number;
}

const ID_FIELDS: ReadonlySet<string> = new Set(ID_FIELD_NAMES);

/**
 * One call of a data endpoint through the `POST /api/v1/run` envelope; returns the whole answer,
 * the spec's named 64-bit id fields as strings whatever their size (records, pages and mentions all come from it).
 */
export async function callRun(
	context: RunContext,
	target: RunTarget,
	input: Input,
): Promise<unknown> {
	context.budget.reserve(target.price.credits, target.name);
	const answer = await callGateway({
		credentials: context.credentials,
		method: 'POST',
		path: '/api/v1/run',
		endpoint: target.name,
		timeoutMs: effectiveTimeoutMs(target, context.timeoutSeconds),
		body: { provider: PROVIDER, endpoint: target.path, input },
		signal: context.signal,
	});
	const failure = target.answerError;
	if (failure) {
		const [flag] = valuesAt(answer.body, failure.path);
		if (flag === failure.equals) {
			const found = firstValueAt(answer.body, failure.message);
			// The service may echo the key in its explanation: redacted like the bodies of HTTP errors.
			const reason =
				found === undefined ? undefined : redactSecret(String(found), context.credentials.apiKey);
			throw new GatewayError(
				`${target.name} answered with an error: ${reason ?? 'no reason given'}${failure.billed ? ' (the service bills this call)' : ''}`,
				{ kind: 'http', endpoint: target.name, status: answer.status, serviceMessage: reason },
			);
		}
	}
	return namedNumbersAsStrings(answer.body, ID_FIELDS);
}
