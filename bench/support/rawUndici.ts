import { Agent, request } from 'undici';
import { PROVIDER } from '../../simulator';
import { mapWithConcurrency } from '../../nodes/shared/concurrency';
import { SIMULATOR_API_KEY } from '../../simulator';

/**
 * The least a client can do for the same calls: undici request + JSON.parse, `concurrency` at once,
 * over a keep-alive pool like the node's (no validation, retries, timeouts or lossless ids).
 */
export function rawUndiciCaller(baseUrl: string, endpoint: string) {
	const agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
	const url = `${baseUrl}/api/v1/run`;
	const headers = {
		authorization: `Bearer ${SIMULATOR_API_KEY}`,
		'content-type': 'application/json',
		accept: 'application/json',
	};
	const callText = async (input: Record<string, unknown>): Promise<string> => {
		const answer = await request(url, {
			dispatcher: agent,
			method: 'POST',
			headers,
			body: JSON.stringify({ provider: PROVIDER, endpoint, input }),
		});
		const text = await answer.body.text();
		if (answer.statusCode !== 200)
			throw new Error(`raw call answered ${answer.statusCode}: ${text.slice(0, 200)}`);
		return text;
	};
	const call = async (input: Record<string, unknown>): Promise<unknown> =>
		JSON.parse(await callText(input));
	return {
		call,
		/** The answers' texts, for checks outside the timing. */
		textsOf: (inputs: Array<Record<string, unknown>>, concurrency: number) =>
			mapWithConcurrency(inputs.length, concurrency, (index) => callText(inputs[index])),
		/** One call per input, `concurrency` at once; answers in input order. */
		callAll: (inputs: Array<Record<string, unknown>>, concurrency: number) =>
			mapWithConcurrency(inputs.length, concurrency, (index) => call(inputs[index])),
		close: () => agent.close(),
	};
}
