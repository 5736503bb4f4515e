import type { EndpointDescriptor, GroupKey } from '../descriptor';
import { endpointPath, GATEWAY_RUN_PATH, ID_FIELD_NAMES } from '../descriptor';
import { namedNumbersAsStrings } from '../../shared/json/namedIdStrings';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import { GatewayError } from '../../shared/transport/errors';
import { redactSecret } from '../../shared/transport/redact';
import { callGateway } from '../../shared/transport/request';
import type { InterfaceNames } from '../../shared/transport/wireNames';
import { DEFAULT_PROVIDER, dataPathIn, interfaceNamesOf } from '../../shared/transport/wireNames';
import { firstValueAt, valuesAt } from '../descriptor/answerPaths';
import { effectiveTimeoutMs } from './callTimeout';
import { notForwardedError } from './notForwarded';
import type { CreditBudget } from './creditBudget';
import type { CreditCeiling } from './creditCeiling';
import type { Input } from './validateInput';

/**
 * What a call needs to know of its endpoint: a descriptor entry (its group and name), or a path of
 * Gateway › Run the descriptor does not know (written in either vocabulary).
 */
export type CallTarget = Pick<
	EndpointDescriptor,
	'name' | 'price' | 'timeoutMs' | 'minTimeoutMs' | 'answerError'
> &
	({ group: GroupKey } | { path: string });

/** The target's path in the names the credential's service speaks. */
export function wirePath(target: CallTarget, names: InterfaceNames): string {
	return 'path' in target ? dataPathIn(target.path, names) : endpointPath(target, names);
}

/** What every call of one execution shares. */
export interface CallContext {
	credentials: GatewayCredentials;
	budget: CreditBudget;
	/** The Credit Ceilings per hour and per day, which outlive the execution. */
	ceiling?: CreditCeiling;
	signal?: AbortSignal;
	/** The user's timeout in seconds (0 or undefined = the endpoint's default). */
	timeoutSeconds?: number;
}

const ID_FIELDS: ReadonlySet<string> = new Set(ID_FIELD_NAMES);

/** A 200 answer that reports a failure the descriptor knows (e.g. notes' upstream errors) as a GatewayError. */
function answerFailure(
	context: CallContext,
	target: CallTarget,
	body: unknown,
	status: number,
): GatewayError | undefined {
	const failure = target.answerError;
	if (!failure) return undefined;
	const [flag] = valuesAt(body, failure.path);
	if (flag !== failure.equals) return undefined;
	const found = firstValueAt(body, failure.message);
	// The service may echo the key in its explanation: redacted like the bodies of HTTP errors.
	const reason =
		found === undefined ? undefined : redactSecret(String(found), context.credentials.apiKey);
	return new GatewayError(
		`${target.name} answered with an error: ${reason ?? 'no reason given'}${failure.billed ? ' (the service bills this call)' : ''}`,
		{ kind: 'http', endpoint: target.name, status, serviceMessage: reason },
	);
}

/**
 * Sends one call of a data endpoint: its price reserved first (budget and ceiling), then the input in
 * the envelope of the gateway's run endpoint (`POST /api/v1/run`, which takes every data endpoint by
 * its upstream path, in the names and with the provider the credential gives). Returns the whole
 * answer with the spec's named 64-bit id fields as strings whatever their size (records, pages and
 * mentions all come from it).
 */
export async function sendCall(
	context: CallContext,
	target: CallTarget,
	input: Input,
): Promise<unknown> {
	// The budget is checked before the ceiling stores its reservation: a call either limit refuses is counted by neither.
	context.budget.check(target.price.credits, target.name);
	await context.ceiling?.reserve(target.price.credits, target.name);
	context.budget.reserve(target.price.credits, target.name);
	const timeoutMs = effectiveTimeoutMs(target, context.timeoutSeconds);
	const provider = context.credentials.provider || DEFAULT_PROVIDER;
	const path = wirePath(target, interfaceNamesOf(context.credentials.interfaceNames));
	const answer = await callGateway({
		credentials: context.credentials,
		method: 'POST',
		path: GATEWAY_RUN_PATH,
		endpoint: target.name,
		timeoutMs,
		body: { provider, endpoint: path, input },
		signal: context.signal,
	}).catch((error: unknown) => {
		throw notForwardedError(error, path, target.name, provider) ?? error;
	});
	const failure = answerFailure(context, target, answer.body, answer.status);
	if (failure) throw failure;
	return namedNumbersAsStrings(answer.body, ID_FIELDS);
}
