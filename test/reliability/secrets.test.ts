import type { INodeParameters } from 'n8n-workflow';
import { httpErrorOf, parseSuccessBody } from '../../nodes/shared/transport/answerBody';
import type { RecordedRequest, Simulator } from '../../simulator';
import { SIMULATOR_API_KEY } from '../../simulator';
import { SIM_AVATAR_ROUTING } from '../../simulator/routes/avatar';
import type { NodeName } from './support/nodeRuns';
import { runPackNode } from './support/nodeRuns';
import { secretForms, secretLeaks } from './support/secretScan';
import { useSimulator } from '../support/useSimulator';

/**
 * A service that rejects the key and echoes it in its 401 (as real gateways do), for every auth
 * scheme of the three nodes: the key must not show up in any item, error or log line.
 */

/** Characters that URL-encoding changes, so the `?key=` form differs from the plain one. */
const CANARY_KEY = 'sk-WRONG/leak+canary=7f3a9c2e51d4b8';
/** The simulator is started expecting another key, so the pack's usual key is rejected and echoed too. */
const KEYS = [
	['a wrong key', CANARY_KEY],
	['the configured key, rejected by the service', SIMULATOR_API_KEY],
] as const;

const model = (id: string) => ({ __rl: true, mode: 'id', value: id });

interface SchemeCase {
	node: NodeName;
	scheme: string;
	parameters: INodeParameters;
	/** Where the request carried the key. */
	carried: (request: RecordedRequest) => string | undefined;
	endpoint: string;
}

const header = (request: RecordedRequest, name: string) => {
	const value = request.headers[name];
	return Array.isArray(value) ? value[0] : value;
};
const bearer = (request: RecordedRequest) =>
	header(request, 'authorization')?.replace(/^Bearer /, '');

const SCHEMES: SchemeCase[] = [
	{
		node: 'socialData',
		scheme: 'bearer',
		parameters: {
			resource: 'search',
			operation: 'fetch_search',
			keyword: 'acme',
			returnAll: false,
			limit: 1,
		},
		carried: bearer,
		endpoint: 'fetch_search',
	},
	{
		node: 'modelGateway',
		scheme: 'native ?key=',
		parameters: {
			resource: 'native',
			operation: 'call',
			apiVersion: 'v1beta',
			modelId: model('gemini-2.5-flash'),
			action: 'countTokens',
			body: '{"contents":[{"parts":[{"text":"hi"}]}]}',
		},
		carried: (request) => request.query.key as string | undefined,
		endpoint: 'gemini-2.5-flash:countTokens',
	},
	{
		node: 'modelGateway',
		scheme: 'messages x-api-key',
		parameters: {
			resource: 'message',
			operation: 'create',
			modelId: model('gemini-2.5-flash'),
			messages: { values: [{ role: 'user', content: 'hi' }] },
			max_tokens: 50,
		},
		carried: (request) => header(request, 'x-api-key'),
		endpoint: 'messages',
	},
	{
		node: 'modelGateway',
		scheme: 'bearer',
		parameters: { resource: 'model', operation: 'list' },
		carried: bearer,
		endpoint: 'v1/models',
	},
	{
		node: 'avatarAssets',
		scheme: 'bearer',
		parameters: {
			resource: 'group',
			operation: 'list',
			returnAll: true,
			options: { routingParameterValue: SIM_AVATAR_ROUTING.value },
		},
		carried: bearer,
		endpoint: 'groups',
	},
];

let sim: Simulator;
useSimulator((started) => (sim = started), { apiKey: 'sk-the-service-expects-another-key' });

describe('secrets: an echoed key appears in no item, error or log line', () => {
	describe.each(KEYS)('%s', (_, apiKey) => {
		it.each(
			SCHEMES.map((testCase) => [`${testCase.node} (${testCase.scheme})`, testCase] as const),
		)('%s', async (__, testCase) => {
			const failed = await runPackNode(sim, testCase.node, testCase.parameters, { apiKey });
			const error = failed.errorOf();
			expect(error?.message).toMatch(/401/);
			expect(
				`${error?.message} ${(error as Error & { description?: string })?.description ?? ''}`,
			).toContain('Invalid API key: ***');
			expect(secretLeaks(failed, apiKey)).toEqual([]);

			const continued = await runPackNode(sim, testCase.node, testCase.parameters, {
				apiKey,
				continueOnFail: true,
				inputItems: [{ json: {} }, { json: {} }],
			});
			expect(continued.errorOf()).toBeUndefined();
			expect(continued.items).toHaveLength(2);
			for (const item of continued.items) {
				expect(item.json).toMatchObject({
					status: 401,
					endpoint: expect.stringContaining(testCase.endpoint),
				});
				expect(JSON.stringify(item.json)).toContain('***');
			}
			expect(secretLeaks(continued, apiKey)).toEqual([]);

			// The key did go out in this scheme and came back in the answers: the redaction was exercised.
			expect(sim.requests.length).toBeGreaterThanOrEqual(3);
			for (const request of sim.requests) expect(testCase.carried(request)).toBe(apiKey);
		});
	});
});

describe('secrets: a key echoed in a text or HTML body is redacted before the message is cut to a snippet', () => {
	/** The snippet is 200 characters: the key is placed across that cut. */
	const straddling = (before: string, after = '') =>
		`${'x'.repeat(200 - before.length - Math.floor(CANARY_KEY.length / 2))}${before}${CANARY_KEY}${after}`;

	it.each([
		[
			'a text/plain error answer',
			() => httpErrorOf(401, straddling('Invalid key '), 'text/plain', 'fetch_search', CANARY_KEY),
		],
		[
			'an HTML error page',
			() =>
				httpErrorOf(502, straddling('<html>', '</html>'), 'text/html', 'fetch_search', CANARY_KEY),
		],
		[
			'a success answer that is not JSON',
			() =>
				captured(() =>
					parseSuccessBody(
						Buffer.from(straddling('key=')),
						'text/plain',
						'fetch_search',
						CANARY_KEY,
					),
				),
		],
		[
			'an HTML success answer',
			() =>
				captured(() =>
					parseSuccessBody(
						Buffer.from(straddling('<html>')),
						'text/html',
						'fetch_search',
						CANARY_KEY,
					),
				),
		],
	])('%s', (_, make) => {
		const error = make();
		const texts = [error.message, String(error.details.serviceMessage)];
		for (const text of texts)
			for (const form of secretForms(CANARY_KEY)) expect(text).not.toContain(form);
		expect(texts.join(' ')).toContain('***');
	});
});

function captured(action: () => unknown) {
	try {
		action();
	} catch (error) {
		return error as ReturnType<typeof httpErrorOf>;
	}
	throw new Error('expected the answer to be refused');
}
