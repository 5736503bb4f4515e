import type { RecordedRequest } from '../../simulator';

/** A JSON value with every object's keys sorted, as text: equal texts mean equal values. */
function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value !== null && typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.map(
				(key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
			)
			.join(',')}}`;
	return JSON.stringify(value);
}

/** The run envelopes (provider, endpoint, input) a contender sent, canonical and sorted. */
function runCallsOf(requests: RecordedRequest[]): string[] {
	return requests
		.filter((request) => request.path === '/api/v1/run')
		.map((request) => canonicalJson(JSON.parse(request.bodyText)))
		.sort();
}

/**
 * Throws unless two contenders sent the simulator the same run calls, so a comparison measures the
 * same requests and answers on both sides.
 */
export function assertSameRunCalls(
	left: { name: string; requests: RecordedRequest[] },
	right: { name: string; requests: RecordedRequest[] },
): void {
	const leftCalls = runCallsOf(left.requests);
	const rightCalls = runCallsOf(right.requests);
	const length = Math.max(leftCalls.length, rightCalls.length);
	let differing = 0;
	while (differing < length && leftCalls[differing] === rightCalls[differing]) differing++;
	if (differing === length) return;
	throw new Error(
		`${left.name} and ${right.name} sent different run calls (${leftCalls.length} vs ${rightCalls.length}); ` +
			`first difference: ${left.name} ${leftCalls[differing] ?? '(none)'} / ${right.name} ${rightCalls[differing] ?? '(none)'}`,
	);
}
