import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { INodeProperties } from 'n8n-workflow';
import { socialDataProperties } from '../../nodes/SocialData/description';
import { SIMULATOR_API_KEY } from '../simulator';
import { launchHeadlessChromium, type HeadlessChromium } from './chromium';
import { startDevEnvironment, type DevEnvironment } from './dev-environment';
import { packProject } from './install-pack';
import { REPO_ROOT } from './n8n-install-layout';
import {
	addNodeFromPanel,
	executeStep,
	fillTextParameter,
	openNewWorkflow,
	selectCredential,
	selectParameterOption,
	shownParameterLabels,
	signIn,
	type StepOutput,
} from './n8n-editor';

// The pack in n8n 2.41's real editor, driven by headless Chromium like a user would: node panel,
// generated fields, credential picker, "Execute step" against the simulator. About 2 minutes once
// n8n is cached (pack build ~20 s, pack install ~15 s, n8n start ~20-30 s, browser steps ~30 s).

const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts', 'browser');
const KEYWORD = 'acme';
const SEARCH = { resource: 'search', operation: 'fetch_search' };

let workDir: string;
let dev: DevEnvironment;
let chromium: HeadlessChromium;
let page: Page;
let output: StepOutput;

beforeAll(async () => {
	fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
	workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-e2e-'));
	chromium = await launchHeadlessChromium();
	const packStarted = Date.now();
	const packTarball = await packProject({ build: true, copyFirst: true, destination: path.join(workDir, 'pack'), quiet: true });
	const packSeconds = (Date.now() - packStarted) / 1000;
	dev = await startDevEnvironment({
		n8nPort: 0,
		simulatorPort: 0,
		userFolder: path.join(workDir, 'n8n'),
		packTarball,
		quiet: true,
	});
	fs.writeFileSync(path.join(ARTIFACTS_DIR, 'timings.json'), `${JSON.stringify({ ...dev.timings, packSeconds }, null, 2)}\n`);
	page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
	page.setDefaultTimeout(60_000);
}, 15 * 60_000);

afterAll(async () => {
	if (page) await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'last-state.png') }).catch(() => undefined);
	await chromium?.close();
	await dev?.stop();
	if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
}, 2 * 60_000);

/** Labels n8n should show for a parameter set, by the node description's displayOptions (top level). */
function expectedLabels(values: Record<string, unknown>): string[] {
	const defaults = Object.fromEntries(socialDataProperties.map((p) => [p.name, p.default]));
	const all = { ...defaults, ...values };
	const shown = (property: INodeProperties) =>
		Object.entries(property.displayOptions?.show ?? {}).every(([key, allowed]) => (allowed as unknown[]).includes(all[key]));
	return socialDataProperties.filter((p) => p.type !== 'hidden' && p.type !== 'notice' && shown(p)).map((p) => p.displayName);
}

describe('the Social Data node in the n8n editor (headless Chromium)', () => {
	it('signs in as the owner created from the environment', async () => {
		await signIn(page, dev.editorUrl, dev.login);
		expect(new URL(page.url()).pathname).not.toMatch(/^\/(signin|setup)/);
	}, 120_000);

	it('adds Social Data from the node panel and shows the generated fields of Search › Search', async () => {
		await openNewWorkflow(page, dev.editorUrl);
		const ndv = await addNodeFromPanel(page, {
			search: 'Social Data',
			displayName: 'Social Data',
			type: 'n8n-nodes-social-gateway.socialData',
		});
		await selectParameterOption(page, 'resource', 'Search');
		await selectParameterOption(page, 'operation', 'Search');

		const labels = await shownParameterLabels(ndv);
		expect(labels).toEqual(expect.arrayContaining(['Keyword', 'Return All', 'Options', 'Node Options']));
		expect(labels).toEqual(expectedLabels({ ...SEARCH, returnAll: false }));
		expect(await ndv.getByTestId('credentials-label').innerText()).toMatch(/^Credential/);
	}, 180_000);

	it('runs the step with the chosen credential against the simulator and shows its items', async () => {
		const ndv = page.getByTestId('ndv');
		await fillTextParameter(ndv, 'keyword', KEYWORD);
		await selectCredential(page, dev.credential.id, dev.credential.name);
		dev.simulator.reset();

		output = await executeStep(ndv);
		await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'social-data-search.png') });

		const hits = dev.simulator.dataset.searchHits(KEYWORD, 'all', { sort: 'default', publish_time: 'all' });
		const limit = 50;
		expect(hits.length).toBeGreaterThan(0);
		expect(output.itemsLabel).toBe(`${Math.min(limit, hits.length)} items`);
		expect(output.rows.length).toBeGreaterThan(0);

		// Every id shown is one the simulator holds, digit for digit (19-digit ids exceed 2^53).
		const docIdColumn = output.columns.indexOf('docID');
		expect(docIdColumn).toBeGreaterThanOrEqual(0);
		const known = new Set(hits.map((hit) => String((hit as { docID: bigint | string }).docID)));
		const shownIds = output.rows.map((row) => row[docIdColumn]);
		expect(shownIds.filter((id) => !known.has(id))).toEqual([]);
	}, 180_000);

	it('reached the simulator through the credential with the keyword', () => {
		const calls = dev.simulator.requests.filter((request) => request.endpoint?.endsWith('/fetch_search'));
		expect(calls.length).toBeGreaterThan(0);
		expect(calls.every((call) => call.status === 200)).toBe(true);
		expect(calls[0].input).toMatchObject({ keyword: KEYWORD });
		// A boolean, so a failure never prints the key.
		expect(calls.every((call) => call.headers.authorization === `Bearer ${SIMULATOR_API_KEY}`)).toBe(true);
	});
});
