/**
 * The built pack, packed with `npm pack` and installed in the ways users get it, loads in real
 * n8n 2.41.1 and runs a Social Data node against the simulator: `npm` (a plain `npm install` in the
 * nodes folder), `n8n-ui` (what Settings > Community Nodes runs) and `readme` (the by-hand install
 * line of README.md exactly as written, with the tarball for the registry name and HOME pointing
 * at the test's user folder).
 * Takes about 60-90 s with the n8n cache in place (build and pack ~10 s; the npm-style run ~20-30 s,
 * as npm also fetches the peer dependency n8n-workflow; the n8n-ui- and readme-style runs ~15-20 s).
 * One more n8n-ui-style run (~30 s) checks the node's sensitiveOutputFields on an echoed cookie.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SIMULATOR_API_KEY, type Simulator } from '../../simulator';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { ensureN8n, type EnsuredN8n } from '../../tools/n8n/ensureN8n';
import { packProject, readmeInstallLine, type PackInstallStyle } from '../../tools/n8n/installPack';
import { nodeItems } from '../../tools/n8n/n8nOutput';
import { failureReport, runWorkflow } from '../../tools/n8n/workflowRunner';
import { useSimulator } from '../support/useSimulator';
import { withNodeDefinedRedaction } from './nodeDefinedRedaction';

jest.setTimeout(15 * 60_000);

describe('the packed pack in real n8n', () => {
	let n8n: EnsuredN8n;
	let simulator: Simulator;
	let scratch: string;
	let tarball: string;

	useSimulator((started) => (simulator = started), { reset: 'never' });
	beforeAll(async () => {
		n8n = await ensureN8n();
		scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pack-'));
		tarball = await packProject({
			build: true,
			copyFirst: true,
			destination: scratch,
			quiet: true,
		});
	});

	afterAll(async () => {
		if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
	});

	it.each<PackInstallStyle>(['npm', 'n8n-ui', 'readme'])(
		'installs %s-style and runs a Social Data node',
		async (style) => {
			const workflow = JSON.parse(
				fs.readFileSync(
					path.join(__dirname, 'fixtures', 'social-data-video.workflow.json'),
					'utf8',
				),
			) as WorkflowJson;
			const awemeId = simulator.dataset.ids.awemeId;
			(workflow.nodes[1].parameters as Record<string, unknown>).aweme_id = awemeId;
			simulator.reset();

			const result = await runWorkflow({
				workflow,
				gatewayUrl: simulator.url,
				apiKey: SIMULATOR_API_KEY,
				packTarball: tarball,
				packInstallStyle: style,
				// This test is about installing: never a copy of an earlier install.
				packInstallFresh: true,
				n8n,
				quiet: true,
				keepUserFolder: true,
			});
			const nodeModules = path.join(result.userFolder, '.n8n', 'nodes', 'node_modules');
			const installed = fs.readdirSync(nodeModules).filter((entry) => !entry.startsWith('.'));
			fs.rmSync(result.userFolder, { recursive: true, force: true });

			expect(result.errors).toEqual([]);
			expect(failureReport(result)).toBe('');
			const [item] = nodeItems(result.output, 'Get a Video').map((entry) => entry.json) as Array<{
				aweme_detail: { aweme_id: unknown };
			}>;
			expect(item.aweme_detail.aweme_id).toBe(awemeId);
			expect(simulator.requests.length).toBeGreaterThanOrEqual(1);
			expect(JSON.stringify(result.output)).not.toContain(SIMULATOR_API_KEY);
			// Like n8n's own installer, the README's line leaves the peer dependency out: the nodes run
			// with the n8n-workflow of the n8n that loads them, not a second copy.
			if (style !== 'npm') expect(installed).toEqual(['n8n-nodes-social-gateway']);
		},
	);

	// A session cookie the service echoes back: the pack masks its value itself, and the Social Data
	// node declares where it sits (sensitiveOutputFields) so that n8n's node-defined field redaction
	// replaces it with its never-revealable marker. n8n 2.41.1 ships that strategy, but its
	// ExecutionRedactionService does not run it yet (its pipeline holds full-item redaction only):
	// here it is applied to the real run data the way the redaction module applies its strategies.
	it("a cookie the service echoes: masked by the pack in the run, and marked by n8n's own node-defined field redaction", async () => {
		const cookie = simulator.dataset.ids.cookie;
		const workflow: WorkflowJson = {
			id: 'e2eCookieEcho0001',
			name: 'e2e: a cookie echoed by the service',
			nodes: [
				{
					id: '8a1d6e6f-5a8f-4d66-ab54-2c2f4b8f0301',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: '8a1d6e6f-5a8f-4d66-ab54-2c2f4b8f0302',
					name: 'Collection Folders',
					type: 'n8n-nodes-social-gateway.socialData',
					typeVersion: 1,
					position: [220, 0],
					parameters: {
						resource: 'shortVideo',
						operation: 'fetch_user_collects',
						cookie,
						options: { splitRecords: false },
					},
				},
			],
			connections: {
				Start: { main: [[{ node: 'Collection Folders', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
		};
		simulator.reset();
		simulator.faults.queue({ endpoint: 'fetch_user_collects', data: { cookie } });

		const result = await runWorkflow({
			workflow,
			gatewayUrl: simulator.url,
			apiKey: SIMULATOR_API_KEY,
			packTarball: tarball,
			packInstallStyle: 'n8n-ui',
			packInstallFresh: true,
			n8n,
			quiet: true,
			keepUserFolder: true,
		});
		try {
			expect(failureReport(result)).toBe('');
			const [item] = nodeItems(result.output, 'Collection Folders').map((entry) => entry.json);
			expect((item.data as Record<string, unknown>).cookie).toBe('***');
			expect(JSON.stringify(result.output)).not.toContain(cookie);

			const runData = await withNodeDefinedRedaction(
				n8n,
				result.userFolder,
				workflow,
				result.output,
			);
			const [redacted] = runData['Collection Folders'][0].data!.main![0]!;
			expect((redacted.json.data as Record<string, unknown>).cookie).toEqual({
				__redacted: true,
				reason: 'node_defined_field',
				canReveal: false,
			});
			expect((redacted.json.data as Record<string, unknown>).collects_list).toEqual(
				(item.data as Record<string, unknown>).collects_list,
			);
		} finally {
			fs.rmSync(result.userFolder, { recursive: true, force: true });
		}
	});

	it("the README's by-hand line is one npm command into ~/.n8n/nodes that leaves peer dependencies out", () => {
		const line = readmeInstallLine();
		expect(line).toMatch(/^npm install /);
		expect(line.split(/\s+/)).toEqual(expect.arrayContaining(['--omit=peer', '--ignore-scripts']));
		expect(line).toMatch(/~\/\.n8n\/nodes/);
		expect(line).toMatch(/ n8n-nodes-social-gateway$/);
	});
});
