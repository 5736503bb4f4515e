import { PROVIDER } from '../../simulator';
import { n8nCredentials } from '../../tools/harness/n8nHttp';
import { SIMULATOR_API_KEY } from '../../simulator';

/**
 * The same calls through n8n's outbound HTTP client (what `httpRequestWithAuthentication` uses),
 * the credential's authenticate applied, answer read as text and given to JSON.parse: n8n's own
 * cost per call, without the engine or the pack.
 */
export function helperCaller(baseUrl: string, endpoint: string) {
	const { send } = n8nCredentials({ apiKey: SIMULATOR_API_KEY, baseUrl });
	const call = async (input: Record<string, unknown>): Promise<unknown> => {
		const answer = await send({
			method: 'POST',
			url: `${baseUrl}/api/v1/run`,
			body: JSON.stringify({ provider: PROVIDER, endpoint, input }),
			headers: { 'content-type': 'application/json' },
			encoding: 'text',
			returnFullResponse: true,
		});
		return JSON.parse(answer.body as string);
	};
	return { call };
}
