/**
 * The real-n8n runner against n8n 2.41.1 under Node 24 (no mocks: real CLI processes).
 * Takes about 35-45 s with the cache in place (three workflows, ~12 s each: import ~8 s, execute
 * ~4 s); the first run on a machine installs n8n into .cache/ first, about 5 minutes.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ImportableCredential } from '../../tools/n8n/credentials';
import { ensureN8n, type EnsuredN8n } from '../../tools/n8n/ensureN8n';
import { packProject } from '../../tools/n8n/installPack';
import { MARKER_FILE, N8N_VERSION } from '../../tools/n8n/n8nInstallLayout';
import { nodeItems } from '../../tools/n8n/n8nOutput';
import { failureReport, runWorkflow } from '../../tools/n8n/workflowRunner';

jest.setTimeout(15 * 60_000);

const FIXTURES = path.join(__dirname, 'fixtures');

describe('real n8n runner', () => {
	let n8n: EnsuredN8n;
	let scratch: string;

	beforeAll(async () => {
		n8n = await ensureN8n();
		scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-test-'));
	});

	afterAll(() => {
		if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
	});

	it('has n8n 2.41.1 installed completely in the cache', () => {
		const marker = JSON.parse(fs.readFileSync(path.join(n8n.cacheDir, MARKER_FILE), 'utf8')) as {
			n8n: string;
		};
		expect(marker.n8n).toBe(N8N_VERSION);
		expect(fs.existsSync(n8n.nodeBin)).toBe(true);
	});

	it("imports and executes a workflow of n8n's own nodes, keeping a 64-bit id a string", async () => {
		const result = await runWorkflow({
			workflowFile: path.join(FIXTURES, 'smoke.workflow.json'),
			n8n,
			quiet: true,
		});

		expect(failureReport(result)).toBe('');
		expect(result.workflowId).toBe('e2eSmokeWorkflow');
		const output = result.output;
		expect(output.data.resultData.lastNodeExecuted).toBe('Set 64-bit id');
		expect(nodeItems(output, "When clicking 'Execute workflow'")).toHaveLength(1);
		expect(nodeItems(output, 'Set 64-bit id').map((item) => item.json)).toEqual([
			{ aweme_id: '7345678901234567891', source: 'e2e-smoke' },
		]);
	});

	it('loads a pack installed from its tarball into ~/.n8n/nodes and hands its node the imported credential', async () => {
		const tarball = await packProject({
			projectDir: path.join(FIXTURES, 'probe-pack'),
			destination: scratch,
			quiet: true,
		});
		const apiKey = 'sk-e2e-probe-secret-4711';
		const credential: ImportableCredential = {
			id: 'e2eProbeCred0001',
			name: 'Probe credential',
			type: 'e2eProbeApi',
			data: { apiKey, baseUrl: 'http://127.0.0.1:9' },
		};

		const result = await runWorkflow({
			workflowFile: path.join(FIXTURES, 'probe.workflow.json'),
			credentials: [credential],
			packTarball: tarball,
			n8n,
			quiet: true,
		});

		expect(result.errors).toEqual([]);
		expect(failureReport(result)).toBe('');
		expect(nodeItems(result.output, 'Probe').map((item) => item.json)).toEqual([
			{ baseUrl: 'http://127.0.0.1:9', apiKeyLength: apiKey.length, bigId: '9223372036854775807' },
		]);
		expect(JSON.stringify(result.output)).not.toContain(apiKey);
	});

	it("reports a node's failure as a failed run with the node's error message", async () => {
		const workflow = JSON.parse(
			fs.readFileSync(path.join(FIXTURES, 'smoke.workflow.json'), 'utf8'),
		);
		workflow.id = 'e2eFailingWorkflow';
		workflow.nodes[1] = {
			...workflow.nodes[1],
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: { jsCode: "throw new Error('probe failure 42');" },
		};

		const result = await runWorkflow({ workflow, n8n, quiet: true });

		expect(result.ok).toBe(false);
		expect(result.exitCode).not.toBe(0);
		expect(result.output.data.resultData.error?.message).toContain('probe failure 42');
		expect(result.output.data.resultData.lastNodeExecuted).toBe('Set 64-bit id');
	});
});
