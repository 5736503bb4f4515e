/**
 * The Brand Report node in a real n8n 2.41.1, from the packed pack: a Code node gives two brands'
 * mention rows, one Brand Report builds the report (Brands list, period, expressions for the
 * summary, failed sources and cost), another renders an alert with one item per chat message.
 * About 60 s with the n8n cache in place.
 */
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { ensureN8n } from '../../tools/n8n/ensureN8n';
import { packProject } from '../../tools/n8n/installPack';
import { nodeItems } from '../../tools/n8n/n8nOutput';
import { failureReport, runWorkflow } from '../../tools/n8n/workflowRunner';

jest.setTimeout(10 * 60_000);

const ROWS_CODE = `const rows = [];
for (let n = 0; n < 12; n++)
	for (const brand of ['acme', 'rival'])
		rows.push({ key: 'notes:' + brand + n, brand, platform: n % 2 ? 'notes' : 'channels', id: '73000000000000000' + n,
			label: ['positive', 'neutral', 'negative'][n % 3], reason: 'r' + n, title: brand + ' <b>post</b> ' + n, text: '',
			url: n % 2 ? 'https://example.com/' + brand + '/' + n : null, openInApp: n % 2 ? null : 'app://' + n,
			author: 'a' + n, likes: n, comments: 0, shares: 0, reads: null, publishedAt: null,
			firstSeen: '2026-11-25T0' + (n % 10) + ':00:00.000Z' });
return rows.map((json) => ({ json }));`;

const node = (
	name: string,
	type: string,
	position: number,
	parameters: Record<string, unknown>,
) => ({
	id: `b0a1c2d3-0000-4000-8000-00000000000${position}`,
	name,
	type,
	typeVersion: type.endsWith('.code') ? 2 : 1,
	position: [position * 220, 0],
	parameters,
});

const SPIKE_CODE = `const mentions = $('Rows').all().map((item) => item.json).filter((row) => row.label === 'negative' && row.brand === 'acme');
return [{ json: { brand: 'acme', label: 'negative', windowStart: '2026-11-25T08:00:00Z', windowEnd: '2026-11-25T09:00:00Z', count: mentions.length, baselinePerWindow: 0.5, threshold: 3, mentions } }];`;

const workflow: WorkflowJson = {
	id: 'e2eBrandReport01',
	name: 'e2e: Brand Report',
	active: false,
	nodes: [
		node('Start', 'n8n-nodes-base.manualTrigger', 0, {}),
		node('Rows', 'n8n-nodes-base.code', 1, { jsCode: ROWS_CODE }),
		node('Report', 'n8n-nodes-social-gateway.brandReport', 2, {
			operation: 'buildReport',
			brands: { brand: [{ name: 'acme', colour: '#1d5fbf' }, { name: 'rival' }] },
			period: 'between',
			periodFrom: '2026-11-25T00:00:00.000Z',
			periodTo: '2026-11-26T00:00:00.000Z',
			summary: '={{ "Summary of " + $input.all().length + " rows" }}',
			failedSources: '={{ [{ source: "web", error: "Service unavailable", status: 503 }] }}',
			costCredits: '={{ 9 }}',
			costModelCalls: '2',
			formats: ['email', 'markdown', 'feishu', 'wecom', 'dingtalk'],
			options: { fullReportUrl: 'https://reports.example.com/today' },
		}),
		// The alert reads spikes; a Code node makes one from the rows the report saw.
		node('Spike', 'n8n-nodes-base.code', 4, { jsCode: SPIKE_CODE }),
		node('Alert', 'n8n-nodes-social-gateway.brandReport', 3, {
			operation: 'buildAlert',
			language: 'zh',
			formats: ['wecom', 'feishu'],
			options: { itemPerMessage: true },
		}),
	],
	connections: {
		Start: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
		Rows: { main: [[{ node: 'Report', type: 'main', index: 0 }]] },
		Report: { main: [[{ node: 'Spike', type: 'main', index: 0 }]] },
		Spike: { main: [[{ node: 'Alert', type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
};

describe('Brand Report in real n8n', () => {
	test('the report and an alert come out of the packed node with every parameter read as in the editor', async () => {
		const n8n = await ensureN8n();
		const tarball = await packProject({ build: true, copyFirst: true, quiet: true });
		const result = await runWorkflow({ workflow, packTarball: tarball, n8n, quiet: true });
		expect(failureReport(result)).toBe('');

		const [report] = nodeItems(result.output, 'Report').map((item) => item.json);
		expect(report.subject).toBe('acme vs rival: 24 new mentions, 8 negative (2026-11-25)');
		expect(report.cost).toEqual({ credits: 9, modelCalls: 2 });
		expect(report.html).toContain('Summary of 24 rows');
		expect(report.html).toContain('&lt;b&gt;post&lt;/b&gt;');
		expect(report.html).toContain('Service unavailable');
		expect(report.markdown).toContain('**acme** 12 (50%)');
		expect((report.wecom as unknown[]).length).toBe(1);
		expect(
			(report.counts as { byBrand: Record<string, { total: number }> }).byBrand.rival.total,
		).toBe(12);

		const alerts = nodeItems(result.output, 'Alert').map((item) => item.json);
		expect(alerts.map((item) => item.format)).toEqual(['feishu', 'wecom']);
		expect(alerts[1].subject).toBe('acme：一个时段内 4 条负面提及（平时 0.5）');
	});
});
