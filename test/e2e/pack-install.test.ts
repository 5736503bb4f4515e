/**
 * The built pack, packed with `npm pack` and installed in both ways users get it, loads in real
 * n8n 2.41.1 and runs a Social Data node against the simulator.
 * Takes about 45-65 s with the n8n cache in place (build and pack ~10 s; the npm-style run ~20-30 s,
 * as npm also fetches the peer dependency n8n-workflow; the n8n-ui-style run ~15-20 s).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../simulator';
import type { WorkflowJson } from './credentials';
import { ensureN8n, type EnsuredN8n } from './ensure-n8n';
import { packProject, type PackInstallStyle } from './install-pack';
import { nodeItems } from './n8n-output';
import { failureReport, runWorkflow } from './workflow-runner';

jest.setTimeout(15 * 60_000);

describe('the packed pack in real n8n', () => {
	let n8n: EnsuredN8n;
	let simulator: Simulator;
	let scratch: string;
	let tarball: string;

	beforeAll(async () => {
		n8n = await ensureN8n();
		simulator = await startSimulator();
		scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pack-'));
		tarball = await packProject({ build: true, copyFirst: true, destination: scratch, quiet: true });
	});

	afterAll(async () => {
		await simulator?.close();
		if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
	});

	it.each<PackInstallStyle>(['npm', 'n8n-ui'])('installs %s-style and runs a Social Data node', async (style) => {
		const workflow = JSON.parse(
			fs.readFileSync(path.join(__dirname, 'fixtures', 'social-data-video.workflow.json'), 'utf8'),
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
			n8n,
			quiet: true,
		});

		expect(result.errors).toEqual([]);
		expect(failureReport(result)).toBe('');
		const [item] = nodeItems(result.output, 'Get a Video').map((entry) => entry.json) as Array<{
			aweme_detail: { aweme_id: unknown };
		}>;
		expect(item.aweme_detail.aweme_id).toBe(awemeId);
		expect(simulator.requests.length).toBeGreaterThanOrEqual(1);
		expect(JSON.stringify(result.output)).not.toContain(SIMULATOR_API_KEY);
	});
});
