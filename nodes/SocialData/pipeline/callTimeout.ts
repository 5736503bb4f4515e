import type { EndpointDescriptor } from '../descriptor';

/**
 * The client timeout of a call: the user's choice or the endpoint's default, but never below the
 * endpoint's minimum (channel and article calls under 30 s may be charged without an answer).
 */
export function effectiveTimeoutMs(
	endpoint: Pick<EndpointDescriptor, 'timeoutMs' | 'minTimeoutMs'>,
	userSeconds?: number,
): number {
	const wanted = userSeconds && userSeconds > 0 ? userSeconds * 1000 : endpoint.timeoutMs;
	return Math.max(wanted, endpoint.minTimeoutMs ?? 0);
}
