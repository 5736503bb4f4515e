import { parseSuccessBody } from '../../nodes/shared/transport/answerBody';
import type { Simulator } from '../../simulator';
import { runPackNode } from './support/nodeRuns';
import { secretLeaks } from './support/secretScan';
import { useSimulator } from '../support/useSimulator';

/**
 * A service that accepts the key and echoes it inside a successful answer (a debug field, the
 * request URL it was called with, a token built from it): the key must come out of no item, in
 * none of the forms the transport redacts from error bodies.
 */

/** Characters that URL-encoding changes, so every form of the key differs from the others. */
const CANARY_KEY = 'sk-ECHO/leak+canary=4b1e9d7c03a6f2';

/** The key in every form the transport redacts: as sent, URL-encoded (two encoders), base64, base64url. */
const ECHOES = {
	debugKey: CANARY_KEY,
	requestUrl: `https://gateway.example/api/v1/run?key=${encodeURIComponent(CANARY_KEY)}`,
	formBody: `key=${encodeURIComponent(CANARY_KEY).replace(/%2F/g, '%2f')}&q=acme`,
	token: Buffer.from(CANARY_KEY).toString('base64'),
	tokenUrl: Buffer.from(CANARY_KEY).toString('base64url'),
	nested: { list: [`Authorization: Bearer ${CANARY_KEY}`] },
};

let sim: Simulator;
useSimulator((started) => (sim = started), { apiKey: CANARY_KEY });

describe('secrets: a key the service echoes in a successful answer is redacted', () => {
	it.each([
		[
			'a search page (one item per page)',
			{
				resource: 'search',
				operation: 'fetch_search',
				keyword: 'acme',
				returnAll: false,
				limit: 1,
				options: { splitRecords: false },
			},
			'fetch_search',
		],
		[
			'Gateway › Run',
			{
				resource: 'gateway',
				operation: 'run',
				endpointPath: '/api/v1/xiaohongshu/app_v2/search_notes',
				input: '{"keyword":"acme"}',
			},
			'search_notes',
		],
	])('%s', async (_, parameters, endpoint) => {
		sim.faults.queue({ endpoint, data: ECHOES });
		const run = await runPackNode(sim, 'socialData', parameters, { apiKey: CANARY_KEY });
		expect(run.errorOf()).toBeUndefined();
		expect(run.items).toHaveLength(1);
		// The answer did carry the echoes, and each came out masked.
		expect(sim.faults.pending).toHaveLength(0);
		const text = JSON.stringify(run.items[0].json);
		for (const field of Object.keys(ECHOES)) expect(text).toContain(`"${field}"`);
		expect(text.match(/\*\*\*/g)?.length).toBeGreaterThanOrEqual(6);
		expect(secretLeaks(run, CANARY_KEY)).toEqual([]);
		for (const form of Object.values(ECHOES).filter((echo) => typeof echo === 'string'))
			expect(JSON.stringify(run.run)).not.toContain(form);
	});

	it('the transport redacts a parsed success body, 64-bit ids and all else kept', () => {
		const body = Buffer.from(
			`{"code":0,"data":{"id":1234567890123456789,"echo":${JSON.stringify(ECHOES)},"title":"${'a'.repeat(40)}"}}`,
		);
		const parsed = parseSuccessBody(body, 'application/json', 'search_notes', CANARY_KEY) as {
			data: { id: unknown; echo: Record<string, unknown>; title: string };
		};
		expect(parsed.data.id).toBe('1234567890123456789');
		expect(parsed.data.title).toBe('a'.repeat(40));
		expect(parsed.data.echo).toEqual({
			debugKey: '***',
			requestUrl: 'https://gateway.example/api/v1/run?key=***',
			formBody: 'key=***&q=acme',
			token: '***',
			tokenUrl: '***',
			nested: { list: ['Authorization: Bearer ***'] },
		});
	});
});
