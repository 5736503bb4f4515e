/**
 * Brand Report › Check Spikes in a real n8n 2.41.1, from the packed pack. Code nodes give the rows
 * as n8n's Data Table node (version 1.1) returns them: the table's numeric `id` and its
 * `createdAt`/`updatedAt`, dates as ISO text. Three checks of the same history: with no alert
 * sent (one spike, rendered by Build Alert), with the alerts read by the documented expression
 * `$('Read Alerts').all().map(item => item.json)` (no item, so the alert node never runs), and
 * with the default Now (`$now.toISO()`), which sees only the spike happening now.
 * About 60 s with the n8n cache in place.
 */
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { ensureN8n } from '../../tools/n8n/ensureN8n';
import { packProject } from '../../tools/n8n/installPack';
import { nodeItems } from '../../tools/n8n/n8nOutput';
import { failureReport, runWorkflow } from '../../tools/n8n/workflowRunner';

jest.setTimeout(10 * 60_000);

const NOW = '2026-11-25T12:00:00.000Z';

// acme: one negative every two hours for a week, then 8 in the hour before NOW.
// live: watched for two days (a brand's first run is never a spike), then 6 negatives in the
// minutes before the run, for the default Now.
const HISTORY_CODE = `const NOW = Date.parse('${NOW}');
const rows = [];
const row = (brand, time, label) => {
	const n = rows.length + 1;
	const at = new Date(time).toISOString();
	rows.push({ id: n, key: 'notes:73000000000000' + n, brand, platform: 'notes', label,
		reason: 'r' + n, title: brand + ' post ' + n, text: 'text ' + n, url: 'https://example.com/' + n,
		openInApp: null, author: 'a' + n, likes: n % 17, comments: n % 5, shares: 0, reads: null,
		publishedAt: null, firstSeen: at, createdAt: at, updatedAt: at });
};
for (let hour = 1; hour < 7 * 24 + 1; hour += 2) row('acme', NOW - (hour * 60 + 30) * 60000, 'negative');
for (let i = 0; i < 8; i++) row('acme', NOW - (1 + i * 7) * 60000, 'negative');
for (let i = 0; i < 20; i++) row('acme', NOW - (3 + i * 41) * 60000, 'positive');
const started = Date.now();
row('live', started - 2 * 24 * 3600000, 'positive');
for (let i = 0; i < 6; i++) row('live', started - (i + 1) * 60000, 'negative');
return rows.map((json) => ({ json }));`;

const ALERTS_CODE = `return [{ json: { id: 1, brand: 'acme', label: 'negative', spikeStart: '2026-11-25T11:00:00.000Z',
	alertedAt: '2026-11-25T11:40:00.000Z', createdAt: '2026-11-25T11:40:01.000Z', updatedAt: '2026-11-25T11:40:01.000Z' } }];`;

let position = 0;
const node = (name: string, type: string, parameters: Record<string, unknown>) => {
	position++;
	return {
		id: `c0a1c2d3-0000-4000-8000-0000000000${String(position).padStart(2, '0')}`,
		name,
		type,
		typeVersion: type.endsWith('.code') ? 2 : 1,
		position: [position * 220, 0],
		parameters,
	};
};
const REPORT = 'n8n-nodes-social-gateway.brandReport';
const alertNode = (name: string) =>
	node(name, REPORT, { operation: 'buildAlert', formats: ['markdown'] });
const link = (to: string) => ({ main: [[{ node: to, type: 'main' as const, index: 0 }]] });

const workflow: WorkflowJson = {
	id: 'e2eCheckSpikes01',
	name: 'e2e: Check Spikes',
	active: false,
	nodes: [
		node('Start', 'n8n-nodes-base.manualTrigger', {}),
		node('Read Alerts', 'n8n-nodes-base.code', { jsCode: ALERTS_CODE }),
		node('Read History', 'n8n-nodes-base.code', { jsCode: HISTORY_CODE }),
		node('First Check', REPORT, { operation: 'checkSpikes', now: NOW }),
		alertNode('First Alert'),
		node('Repeat Check', REPORT, {
			operation: 'checkSpikes',
			now: NOW,
			alerts: "={{ $('Read Alerts').all().map(item => item.json) }}",
		}),
		alertNode('Repeat Alert'),
		node('Live Check', REPORT, { operation: 'checkSpikes' }),
	],
	connections: {
		Start: link('Read Alerts'),
		'Read Alerts': link('Read History'),
		'Read History': {
			main: [
				[
					{ node: 'First Check', type: 'main', index: 0 },
					{ node: 'Repeat Check', type: 'main', index: 0 },
					{ node: 'Live Check', type: 'main', index: 0 },
				],
			],
		},
		'First Check': link('First Alert'),
		'Repeat Check': link('Repeat Alert'),
	},
	settings: { executionOrder: 'v1' },
};

describe('Check Spikes in real n8n', () => {
	test('one alert per spike, none repeated once the alert is sent, the default Now is the run’s', async () => {
		const before = Date.now();
		const n8n = await ensureN8n();
		const tarball = await packProject({ build: true, copyFirst: true, quiet: true });
		const result = await runWorkflow({ workflow, packTarball: tarball, n8n, quiet: true });
		const after = Date.now();
		expect(failureReport(result)).toBe('');

		const [spike, ...more] = nodeItems(result.output, 'First Check').map((item) => item.json);
		expect(more).toEqual([]);
		expect(spike).toMatchObject({
			brand: 'acme',
			label: 'negative',
			windowStart: '2026-11-25T11:00:00.000Z',
			windowEnd: NOW,
			count: 8,
			baselinePerWindow: 0.5,
			threshold: 5,
			spikeStart: '2026-11-25T11:00:00.000Z',
		});
		const mentions = spike.mentions as Array<Record<string, unknown>>;
		expect(mentions).toHaveLength(8);
		for (const mention of mentions) {
			expect(mention.id).toBe(String(mention.key).slice('notes:'.length));
			expect(Object.keys(mention)).not.toContain('createdAt');
		}
		const [alert] = nodeItems(result.output, 'First Alert').map((item) => item.json);
		expect(alert.subject).toBe('acme: 8 negative mentions in one window (usual 0.5)');

		expect(nodeItems(result.output, 'Repeat Check')).toEqual([]);
		expect(result.output.data.resultData.runData['Repeat Alert']).toBeUndefined();

		const live = nodeItems(result.output, 'Live Check').map((item) => item.json);
		expect(live.map((item) => [item.brand, item.count])).toEqual([['live', 6]]);
		const windowEnd = Date.parse(live[0].windowEnd as string);
		expect(windowEnd).toBeGreaterThan(before);
		expect(windowEnd).toBeLessThan(after);
	});
});
