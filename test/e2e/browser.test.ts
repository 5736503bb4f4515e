import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { INodeProperties } from 'n8n-workflow';
import { SocialGatewayApi } from '../../credentials/SocialGatewayApi.credentials';
import { AvatarAssets } from '../../nodes/AvatarAssets/AvatarAssets.node';
import { ModelGateway } from '../../nodes/ModelGateway/ModelGateway.node';
import { SocialData } from '../../nodes/SocialData/SocialData.node';
import { SocialDataTrigger } from '../../nodes/SocialData/SocialDataTrigger.node';
import { socialDataProperties } from '../../nodes/SocialData/description';
import { DEFAULT_COMPAT_VERSION } from '../../nodes/shared/transport/credentials';
import { SIMULATOR_API_KEY } from '../../simulator';
import { SIM_AVATAR_ROUTING } from '../../simulator/routes/avatar';
import type { RecordedRequest } from '../../simulator/routes/types';
import { launchHeadlessChromium, type HeadlessChromium } from '../../tools/n8n/chromium';
import { startDevEnvironment, type DevEnvironment } from '../../tools/n8n/devEnvironment';
import { packProject } from '../../tools/n8n/installPack';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';
import {
	addNodeFromPanel,
	canvasContent,
	clearCanvas,
	credentialFormFields,
	executeStep,
	fillTextParameter,
	importWorkflowFromFile,
	openNewCredential,
	openNewWorkflow,
	panelActions,
	searchNodePanel,
	selectCredential,
	selectParameterOption,
	setSwitch,
	shownParameterLabels,
	signIn,
	type StepOutput,
} from '../../tools/n8n/n8nEditor';

// A new user's first ten minutes in n8n 2.41's real editor (issue 12), driven by headless Chromium:
// finding each node in the node panel by the words a user types, the credential form, one
// operation of each node run against the simulator on the first try, and every example imported
// through the workflow menu. One n8n start for the whole file. Screenshots in
// test-artifacts/browser/ (not committed).

const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts', 'browser');
const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');
const PREFIX = 'n8n-nodes-social-gateway.';
const KEYWORD = 'acme';
const SEARCH = { resource: 'search', operation: 'fetch_search' };

const NODES = {
	socialData: new SocialData().description,
	modelGateway: new ModelGateway().description,
	avatarAssets: new AvatarAssets().description,
	socialDataTrigger: new SocialDataTrigger().description,
};
type PackNode = keyof typeof NODES;

/**
 * The words a user types, per node: its name, what it does, and the platforms' everyday names
 * from its codex alias. n8n matches the search against the display name and the codex alias
 * (fuzzy, letters in order), and drops the word "trigger" from the search.
 */
const SEARCH_WORDS: Record<PackNode, string[]> = {
	socialData: [
		'social data',
		'tiktok',
		'douyin',
		'rednote',
		'xiaohongshu',
		'little red book',
		'wechat',
		'brand monitoring',
		'social listening',
		'scraper',
	],
	modelGateway: [
		'model gateway',
		'llm',
		'language model',
		'embedding',
		'text to speech',
		'image generation',
		'chat completions',
		'gemini',
	],
	avatarAssets: ['avatar assets', 'avatar', 'digital human', 'liveness'],
	socialDataTrigger: ['social data trigger', 'new mentions', 'new comments', 'keyword alerts'],
};

let workDir: string;
let dev: DevEnvironment;
let chromium: HeadlessChromium;
let page: Page;
let output: StepOutput;

const screenshot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, name) });
const slug = (words: string) => words.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const callsTo = (test: (request: RecordedRequest) => boolean) =>
	dev.simulator.requests.filter(test);
const withKey = (request: RecordedRequest) =>
	JSON.stringify(request.headers).includes(SIMULATOR_API_KEY) ||
	JSON.stringify(request.query).includes(SIMULATOR_API_KEY);

beforeAll(async () => {
	fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
	workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-e2e-'));
	chromium = await launchHeadlessChromium();
	const packStarted = Date.now();
	const packTarball = await packProject({
		build: true,
		copyFirst: true,
		destination: path.join(workDir, 'pack'),
		quiet: true,
	});
	const packSeconds = (Date.now() - packStarted) / 1000;
	dev = await startDevEnvironment({
		n8nPort: 0,
		simulatorPort: 0,
		userFolder: path.join(workDir, 'n8n'),
		packTarball,
		quiet: true,
	});
	fs.writeFileSync(
		path.join(ARTIFACTS_DIR, 'timings.json'),
		`${JSON.stringify({ ...dev.timings, packSeconds }, null, 2)}\n`,
	);
	page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
	page.setDefaultTimeout(60_000);
}, 15 * 60_000);

afterAll(async () => {
	if (page)
		await page
			.screenshot({ path: path.join(ARTIFACTS_DIR, 'last-state.png'), timeout: 10_000 })
			.catch(() => undefined);
	await chromium?.close();
	await dev?.stop();
	if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
}, 2 * 60_000);

/** Labels n8n should show for a parameter set, by the node description's displayOptions (top level). */
function expectedLabels(values: Record<string, unknown>): string[] {
	const defaults = Object.fromEntries(socialDataProperties.map((p) => [p.name, p.default]));
	const all = { ...defaults, ...values };
	const shown = (property: INodeProperties) =>
		Object.entries(property.displayOptions?.show ?? {}).every(([key, allowed]) =>
			(allowed as unknown[]).includes(all[key]),
		);
	return socialDataProperties
		.filter((p) => p.type !== 'hidden' && p.type !== 'notice' && shown(p))
		.map((p) => p.displayName);
}

it('signs in as the owner created from the environment', async () => {
	await signIn(page, dev.editorUrl, dev.login);
	expect(new URL(page.url()).pathname).not.toMatch(/^\/(signin|setup)/);
}, 120_000);

describe("a new workflow's node panel finds every node by the words a user types", () => {
	beforeAll(async () => {
		await openNewWorkflow(page, dev.editorUrl);
	}, 120_000);

	// n8n shows Social Data and Social Data Trigger as one entry, "Social Data" (the action node's
	// type, codex and name, the trigger's description), whose list holds the trigger's events under
	// "Triggers" and the node's actions under "Actions".
	it.each(['socialData', 'modelGateway', 'avatarAssets'] as const)(
		'%s',
		async (node) => {
			const missing: string[] = [];
			for (const words of SEARCH_WORDS[node]) {
				const items = await searchNodePanel(page, words);
				await screenshot(`search-${slug(words)}.png`);
				const found = items.some(
					(item) =>
						item.navId.startsWith(`${PREFIX}${node}-`) && item.name === NODES[node].displayName,
				);
				if (!found)
					missing.push(
						`"${words}" lists ${JSON.stringify(items.slice(0, 8).map((item) => item.name))}`,
					);
			}
			expect(missing).toEqual([]);
		},
		180_000,
	);

	it('socialDataTrigger', async () => {
		const missing: string[] = [];
		for (const words of SEARCH_WORDS.socialDataTrigger) {
			// Each search from a fresh workflow: after a node was picked, Escape did not always close
			// the panel in time (one CI run waited on it for a minute).
			await openNewWorkflow(page, dev.editorUrl);
			const items = await searchNodePanel(page, words);
			const entry = items.find((item) => item.navId.startsWith(`${PREFIX}socialData-`));
			if (!entry || entry.description !== NODES.socialDataTrigger.description) {
				missing.push(`"${words}" lists ${JSON.stringify(items.slice(0, 8))}`);
				continue;
			}
			await page
				.getByTestId('node-creator')
				.locator(`[data-keyboard-nav-id="${entry.navId}"]`)
				.click();
			const events = (await panelActions(page)).filter((action) =>
				action.navId.startsWith(`${PREFIX}socialDataTrigger-`),
			);
			await screenshot(`search-${slug(words)}.png`);
			if (events.length === 0) missing.push(`"${words}": the entry lists no trigger events`);
			if (!events.some((event) => event.name === 'On new note matching a keyword')) {
				missing.push(`"${words}": events ${JSON.stringify(events.map((event) => event.name))}`);
			}
		}
		expect(missing).toEqual([]);
	}, 180_000);
});

describe('the credential form of "Social Gateway API"', () => {
	const credentialType = new SocialGatewayApi();
	const label = (name: string) =>
		credentialType.properties.find((property) => property.name === name)!.displayName;

	it('opens without loopback defaults: API Key and Base URL first and empty, the rarely changed fields behind Advanced Settings', async () => {
		const modal = await openNewCredential(page, dev.editorUrl, credentialType.displayName);
		const fields = await credentialFormFields(modal);
		await screenshot('credential-form.png');

		expect(fields.slice(0, 2).map((field) => field.label)).toEqual([
			label('apiKey'),
			label('baseUrl'),
		]);
		const baseUrl = fields.find((field) => field.name === 'baseUrl')!;
		expect(baseUrl.value).toBe('');
		expect(baseUrl.placeholder).toBe(
			credentialType.properties.find((property) => property.name === 'baseUrl')!.placeholder,
		);
		expect(baseUrl.placeholder).not.toBe('');
		const shown = fields.map((field) => field.name);
		expect(shown).toContain('avatarRoutingValue');
		for (const advancedOnly of ['provider', 'interfaceNames', 'compatVersion', 'avatarRoutingName'])
			expect(shown).not.toContain(advancedOnly);
		const everything = `${await modal.innerText()}\n${fields.map((field) => `${field.value} ${field.placeholder}`).join('\n')}`;
		expect(everything).not.toMatch(/127\.0\.0\.1|localhost/i);

		// The documentation link goes to a page this repository has.
		const docs = modal.locator(`a[href="${credentialType.documentationUrl}"]`);
		expect(await docs.isVisible()).toBe(true);
		const docsPath = new URL(credentialType.documentationUrl!).pathname.split('/blob/main/')[1];
		expect(fs.existsSync(path.join(REPO_ROOT, docsPath))).toBe(true);

		await setSwitch(modal, 'advancedSettings', true);
		const advanced = await credentialFormFields(modal);
		await screenshot('credential-form-advanced.png');
		const compat = advanced.find((field) => field.name === 'compatVersion');
		expect(compat?.label).toBe(label('compatVersion'));
		expect(compat?.value).toBe(DEFAULT_COMPAT_VERSION);
		expect(advanced.map((field) => field.name)).toEqual(
			expect.arrayContaining(['provider', 'avatarRoutingName']),
		);
	}, 120_000);
});

describe('one operation of each node runs against the simulator on the first try', () => {
	it('Social Data: Search (WeChat Search) › Search shows the generated fields and runs with the credential', async () => {
		await openNewWorkflow(page, dev.editorUrl);
		const ndv = await addNodeFromPanel(page, {
			search: 'Social Data',
			displayName: 'Social Data',
			type: `${PREFIX}socialData`,
		});
		await selectParameterOption(page, 'resource', 'Search (WeChat Search)');
		await selectParameterOption(page, 'operation', 'Search');

		const labels = await shownParameterLabels(ndv);
		expect(labels).toEqual(expect.arrayContaining(['Keyword', 'Return All', 'Options']));
		expect(labels).not.toContain('Node Options');
		expect(labels.filter((shownLabel) => shownLabel === 'Options')).toHaveLength(1);
		expect(labels).toEqual(expectedLabels({ ...SEARCH, returnAll: false }));
		expect(await ndv.getByTestId('credentials-label').innerText()).toMatch(/^Credential/);

		await fillTextParameter(ndv, 'keyword', KEYWORD);
		await selectCredential(page, dev.credential.id, dev.credential.name);
		dev.simulator.reset();
		output = await executeStep(ndv);
		await screenshot('social-data.png');

		const hits = dev.simulator.dataset.searchHits(KEYWORD, 'all', {
			sort: 'default',
			publish_time: 'all',
		});
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

		const calls = callsTo((request) => request.endpoint?.endsWith('/fetch_search') === true);
		expect(calls.length).toBeGreaterThan(0);
		expect(calls.every((call) => call.status === 200)).toBe(true);
		expect(calls[0].input).toMatchObject({ keyword: KEYWORD });
		// A boolean, so a failure never prints the key.
		expect(
			calls.every((call) => call.headers.authorization === `Bearer ${SIMULATOR_API_KEY}`),
		).toBe(true);
	}, 180_000);

	it('Model Gateway: Model › List models lists the models', async () => {
		await openNewWorkflow(page, dev.editorUrl);
		const ndv = await addNodeFromPanel(page, {
			search: 'model gateway',
			displayName: 'Model Gateway',
			type: `${PREFIX}modelGateway`,
			action: 'List models',
		});
		await selectCredential(page, dev.credential.id, dev.credential.name);
		dev.simulator.reset();
		const run = await executeStep(ndv);
		await screenshot('model-gateway.png');

		const calls = callsTo((request) => request.method === 'GET' && request.path === '/v1/models');
		expect(calls.length).toBeGreaterThan(0);
		expect(calls.every((call) => call.status === 200 && withKey(call))).toBe(true);
		const listed = JSON.parse(
			await fetch(`${dev.simulator.url}/v1/models`, {
				headers: { authorization: `Bearer ${SIMULATOR_API_KEY}` },
			}).then((r) => r.text()),
		) as { data: Array<{ id: string }> };
		expect(listed.data.length).toBeGreaterThan(0);
		expect(run.itemsLabel).toBe(
			listed.data.length === 1 ? '1 item' : `${listed.data.length} items`,
		);
		const idColumn = run.columns.indexOf('id');
		expect(idColumn).toBeGreaterThanOrEqual(0);
		expect(run.rows.map((row) => row[idColumn])).toEqual(
			listed.data.slice(0, run.rows.length).map((model) => model.id),
		);
	}, 180_000);

	it('Avatar Assets: Group › Create a group, with the routing value set once in the credential', async () => {
		const groupName = 'Browser check group';
		await openNewWorkflow(page, dev.editorUrl);
		const ndv = await addNodeFromPanel(page, {
			search: 'avatar',
			displayName: 'Avatar Assets',
			type: `${PREFIX}avatarAssets`,
			action: 'Create a group',
		});
		await fillTextParameter(ndv, 'Name', groupName);
		await selectCredential(page, dev.credential.id, dev.credential.name);
		dev.simulator.reset();
		const run = await executeStep(ndv);
		await screenshot('avatar-assets.png');

		expect(run.itemsLabel).toBe('1 item');
		const calls = callsTo(
			(request) => request.method === 'POST' && request.path.includes('/private-avatar/groups'),
		);
		expect(calls).toHaveLength(1);
		expect(calls[0].status).toBe(200);
		expect(withKey(calls[0])).toBe(true);
		const body = JSON.parse(calls[0].bodyText) as Record<string, unknown>;
		expect(body[SIM_AVATAR_ROUTING.name]).toBe(SIM_AVATAR_ROUTING.value);
		expect(JSON.stringify(body)).toContain(groupName);
	}, 180_000);

	it('Social Data Trigger: "On new note matching a keyword" fetches a sample of the latest notes', async () => {
		await openNewWorkflow(page, dev.editorUrl);
		const ndv = await addNodeFromPanel(page, {
			search: 'social data',
			displayName: 'Social Data',
			type: `${PREFIX}socialData`,
			actionType: `${PREFIX}socialDataTrigger`,
			action: 'On new note matching a keyword',
		});
		await fillTextParameter(ndv, 'keyword', KEYWORD);
		await selectCredential(page, dev.credential.id, dev.credential.name);
		// A polling trigger's manual run: n8n offers "Fetch Test Event" (the node answers with a sample).
		expect(await ndv.getByTestId('node-execute-button').innerText()).toMatch(/Fetch Test Event/);
		dev.simulator.reset();
		const run = await executeStep(ndv);
		await screenshot('social-data-trigger.png');

		expect(run.rows.length).toBeGreaterThan(0);
		expect(run.itemsLabel).toMatch(/^\d+ items?$/);
		const calls = callsTo((request) => request.endpoint !== undefined);
		expect(calls.length).toBeGreaterThan(0);
		expect(calls.every((call) => call.status === 200 && withKey(call))).toBe(true);
		expect(calls[0].input).toMatchObject({ keyword: KEYWORD });
	}, 180_000);
});

describe('every example imports through the editor (workflow menu › Import › From file)', () => {
	const files = fs
		.readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort();

	it('has examples to import', () => {
		expect(files.length).toBeGreaterThan(0);
	});

	// One new workflow, cleared between the files (a page load per file costs ~10 s on a busy machine).
	beforeAll(async () => {
		await openNewWorkflow(page, dev.editorUrl);
	}, 120_000);

	it.each(files)(
		'%s',
		async (file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as {
				nodes: Array<{ name: string; type: string }>;
			};
			await clearCanvas(page);
			await importWorkflowFromFile(page, path.join(EXAMPLES_DIR, file));
			const canvas = await canvasContent(page, workflow.nodes.length);
			if (file === files[files.length - 1]) await screenshot('example-import.png');

			expect(canvas.total).toBe(workflow.nodes.length);
			const notSticky = workflow.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
			const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
			expect([...canvas.nodes].sort(byName)).toEqual(
				notSticky.map(({ name, type }) => ({ name, type })).sort(byName),
			);
		},
		// The editor renders the larger flows slowly when other test lanes share the two cores.
		180_000,
	);
});
