import type { Locator, Page } from 'playwright-core';
import type { DevLogin } from './devOwner';

/**
 * Steps in n8n 2.41's editor, by the `data-test-id` attributes n8n's own Playwright suite uses
 * (see launchHeadlessChromium, which points getByTestId at them).
 */

export async function signIn(page: Page, editorUrl: string, login: DevLogin): Promise<void> {
	await page.goto(`${editorUrl}/signin`);
	await page.getByTestId('emailOrLdapLoginId').locator('input').fill(login.email);
	await page.getByTestId('password').locator('input').fill(login.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** Opens an empty workflow and waits for its canvas. */
export async function openNewWorkflow(page: Page, editorUrl: string): Promise<void> {
	await page.goto(`${editorUrl}/workflow/new`);
	await page.getByTestId('node-creator-plus-button').waitFor();
}

/** One entry of the node panel (node creator) as the user sees it. */
export interface PanelItem {
	/** `data-keyboard-nav-id`: `<node type>-<uuid>` for nodes and actions. */
	navId: string;
	/** The shown name (`node-creator-item-name`) and the line under it. */
	name: string;
	description: string;
}

/** Opens the node panel with the "+" button of the canvas; the search bar starts empty. */
export async function openNodePanel(page: Page): Promise<Locator> {
	const creator = page.getByTestId('node-creator');
	if (!(await creator.isVisible())) await page.getByTestId('node-creator-plus-button').click();
	await creator.getByTestId('node-creator-search-bar').waitFor();
	return creator;
}

/**
 * Types words into the open node panel's search bar and returns the nodes it lists, in the order
 * shown (the results and n8n's "Other categories" section alike). Waits until the panel answered
 * this search: at least one item listed, or its "no results" text.
 */
export async function searchNodePanel(page: Page, words: string): Promise<PanelItem[]> {
	const creator = await openNodePanel(page);
	await creator.getByTestId('node-creator-search-bar').fill(words);
	const nodes = creator.locator(
		'[data-test-id="item-iterator-item"][data-keyboard-nav-type="node"]',
	);
	await nodes
		.first()
		.or(creator.getByText("We didn't find"))
		.first()
		.waitFor({ timeout: 15_000 })
		.catch(() => undefined);
	// The list is filtered as the user types; let it settle on the last letter.
	await page.waitForTimeout(300);
	return nodes.evaluateAll((elements) =>
		elements.map((element) => ({
			navId: element.getAttribute('data-keyboard-nav-id') ?? '',
			name: (
				element.querySelector('[data-test-id="node-creator-item-name"]')?.textContent ?? ''
			).trim(),
			description: (
				element.querySelector('[data-test-id="node-creator-item-description"]')?.textContent ?? ''
			).trim(),
		})),
	);
}

/** The actions (and trigger events) the panel lists after a node was picked in it. */
export async function panelActions(page: Page): Promise<PanelItem[]> {
	const actions = page
		.getByTestId('node-creator')
		.locator('[data-test-id="item-iterator-item"][data-keyboard-nav-type="action"]');
	await actions.first().waitFor();
	return actions.evaluateAll((elements) =>
		elements.map((element) => ({
			navId: element.getAttribute('data-keyboard-nav-id') ?? '',
			name: (element.textContent ?? '').trim(),
			description: '',
		})),
	);
}

/**
 * Adds a node through the node panel: search, pick the node, then one of its actions (by its shown
 * name, or else the first action of the given type). n8n lists a node with resources and operations
 * as actions, below suggested triggers of other types, and adds a manual trigger before it on an
 * empty canvas. Returns the node details view that opens.
 */
export async function addNodeFromPanel(
	page: Page,
	node: { search: string; displayName: string; type: string; action?: string; actionType?: string },
): Promise<Locator> {
	const creator = await openNodePanel(page);
	await creator.getByTestId('node-creator-search-bar').fill(node.search);
	await creator
		.getByTestId('item-iterator-item')
		.filter({
			has: page.getByTestId('node-creator-item-name').getByText(node.displayName, { exact: true }),
		})
		.click();
	const actions = creator.locator(
		`[data-test-id="item-iterator-item"][data-keyboard-nav-type="action"][data-keyboard-nav-id^="${node.actionType ?? node.type}-"]`,
	);
	const action = node.action
		? actions.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(node.action)}\\s*$`) })
		: actions;
	// A node that also has trigger events lists them first and its actions folded under "Actions (n)".
	await creator
		.locator('[data-test-id="item-iterator-item"][data-keyboard-nav-type="action"]')
		.first()
		.waitFor();
	const folded = creator
		.getByTestId('node-creator-category-item')
		.filter({ hasText: /^\s*Actions\b/ });
	if ((await action.count()) === 0 && (await folded.count()) > 0) await folded.first().click();
	await action.first().click();
	const ndv = page.getByTestId('ndv');
	await ndv.getByTestId('node-parameters').waitFor();
	return ndv;
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Picks an option (by its shown name) of an options parameter in the open node. */
export async function selectParameterOption(
	page: Page,
	parameterName: string,
	optionName: string,
): Promise<void> {
	const input = page.getByTestId('ndv').getByTestId(`parameter-input-${parameterName}`);
	await input.click();
	await page
		.getByRole('option')
		.filter({ visible: true })
		.filter({ has: page.getByText(optionName, { exact: true }) })
		.click();
	await waitForInputValue(input.locator('input').first(), optionName);
}

export async function fillTextParameter(
	ndv: Locator,
	parameterName: string,
	value: string,
): Promise<void> {
	await ndv
		.getByTestId(`parameter-input-${parameterName}`)
		.locator('input, textarea')
		.first()
		.fill(value);
}

/** Labels of the parameters the open node shows, top to bottom (the credential picker has its own). */
export async function shownParameterLabels(ndv: Locator): Promise<string[]> {
	const texts = await ndv
		.getByTestId('node-parameters')
		.getByTestId('input-label')
		.filter({ visible: true })
		.allInnerTexts();
	return texts.map((text) => text.split('\n')[0].trim()).filter((text) => text !== '');
}

/** Chooses a credential in the open node's credential picker by its id and checks the picker shows its name. */
export async function selectCredential(
	page: Page,
	credentialId: string,
	credentialName: string,
): Promise<void> {
	const picker = page.getByTestId('ndv').getByTestId('node-credentials-select');
	await picker.click();
	await page
		.getByTestId(`node-credentials-select-item-${credentialId}`)
		.filter({ visible: true })
		.click();
	await waitForInputValue(picker.locator('input').first(), credentialName);
}

export interface StepOutput {
	/** The "N items" line above the output. */
	itemsLabel: string;
	/** Column headers and the cells of the rows on the first page of the table view. */
	columns: string[];
	rows: string[][];
}

/** Clicks "Execute step" and waits for the run; throws with the panel's text when the node failed. */
export async function executeStep(ndv: Locator, timeoutMs = 120_000): Promise<StepOutput> {
	await ndv.getByTestId('node-execute-button').click();
	const output = ndv.getByTestId('output-panel');
	const success = output.getByTestId('node-run-status-success');
	const failure = output.locator(
		'[data-test-id="node-run-status-error"], [data-test-id^="node-error"]',
	);
	await success.or(failure).first().waitFor({ timeout: timeoutMs });
	if (!(await success.isVisible()))
		throw new Error(`the node run failed:\n${(await output.innerText()).slice(0, 2000)}`);
	await output.locator('table').first().waitFor();
	const itemsLabel = (await output.getByTestId('ndv-items-count').innerText()).trim();
	const table = await output
		.locator('table')
		.first()
		.evaluate((element) => ({
			columns: [...element.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim()),
			rows: [...element.querySelectorAll('tbody tr')].map((tr) =>
				[...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()),
			),
		}));
	return { itemsLabel, ...table };
}

async function waitForInputValue(input: Locator, expected: string): Promise<void> {
	const deadline = Date.now() + 15_000;
	for (;;) {
		const value = await input.inputValue();
		if (value === expected) return;
		if (Date.now() > deadline)
			throw new Error(`the field shows "${value}", expected "${expected}"`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/** Closes the open node details view (back to the canvas). */
export async function closeNodeDetails(page: Page): Promise<void> {
	const ndv = page.getByTestId('ndv');
	if (!(await ndv.isVisible())) return;
	await page.getByTestId('ndv-close-button').or(page.getByTestId('back-to-canvas')).first().click();
	await ndv.waitFor({ state: 'hidden' });
}

/**
 * Imports a workflow file into the open workflow the way a user does: workflow menu › Import ›
 * From file, then the file in the browser's file chooser.
 */
export async function importWorkflowFromFile(page: Page, file: string): Promise<void> {
	// The menu's trigger and its open content share the test id: close a menu left open, then open it by its trigger.
	const menu = page.getByTestId('workflow-menu');
	if (await menu.and(page.getByRole('menu')).isVisible()) await page.keyboard.press('Escape');
	await menu.and(page.locator('[aria-haspopup="menu"]')).click();
	await page.getByTestId('workflow-menu-item-import').filter({ visible: true }).hover();
	const chooser = page.waitForEvent('filechooser');
	await page.getByTestId('workflow-menu-item-import-from-file').filter({ visible: true }).click();
	await (await chooser).setFiles(file);
}

export interface CanvasContent {
	/** Every node on the canvas, sticky notes included. */
	total: number;
	/** Names and types of the nodes that are not sticky notes. */
	nodes: Array<{ name: string; type: string }>;
}

/** What the canvas shows, once it shows `expectedTotal` nodes (or after 15 s, whatever it shows). */
export async function canvasContent(page: Page, expectedTotal?: number): Promise<CanvasContent> {
	const all = workflowNodes(page);
	const deadline = Date.now() + 15_000;
	while (
		expectedTotal !== undefined &&
		(await all.count()) !== expectedTotal &&
		Date.now() < deadline
	) {
		await page.waitForTimeout(200);
	}
	const nodes = await page.getByTestId('canvas-node').evaluateAll((elements) =>
		elements.map((element) => ({
			name: element.getAttribute('data-node-name') ?? '',
			type: element.getAttribute('data-node-type') ?? '',
		})),
	);
	return { total: await all.count(), nodes };
}

/** Opens "Add new credential" from the credentials page and picks the type by its shown name. */
export async function openNewCredential(
	page: Page,
	editorUrl: string,
	typeDisplayName: string,
): Promise<Locator> {
	await page.goto(`${editorUrl}/home/credentials/create`);
	await page.getByRole('combobox', { name: 'Search for app...' }).fill(typeDisplayName);
	await page
		.getByTestId('new-credential-type-select-option')
		.filter({ hasText: typeDisplayName })
		.click();
	await page.getByTestId('new-credential-type-button').click();
	const modal = page.getByTestId('editCredential-modal');
	await modal.getByTestId('credential-connection-parameter').first().waitFor();
	return modal;
}

export interface CredentialField {
	/** The parameter name, from the field's container (`data-test-id` = name). */
	name: string;
	label: string;
	/** Value and placeholder of its text input ('' when it has none). */
	value: string;
	placeholder: string;
}

/** The fields of the open credential form, top to bottom. */
export async function credentialFormFields(modal: Locator): Promise<CredentialField[]> {
	return modal.getByTestId('credential-connection-parameter').evaluateAll((forms) =>
		forms.map((form) => {
			// The label's title (n8n puts the Fixed/Expression switch inside the <label> too).
			const title = form.querySelector('label [class*="_title"]') ?? form.querySelector('label');
			const label = (title?.textContent ?? '').trim().replace(/\s*\*$/, '');
			const container = form.querySelector('[data-test-id]');
			const input = form.querySelector('input, textarea') as unknown as {
				value: string;
				placeholder: string;
			} | null;
			return {
				name: container?.getAttribute('data-test-id') ?? '',
				label,
				value: input?.value ?? '',
				placeholder: input?.placeholder ?? '',
			};
		}),
	);
}

/** Switches a boolean field of the open form (or node) on or off. */
export async function setSwitch(scope: Locator, parameterName: string, on: boolean): Promise<void> {
	const toggle = scope
		.getByTestId(`parameter-input-${parameterName}`)
		.locator('.el-switch, [role=switch]')
		.first();
	const isOn = async () =>
		(await toggle.getAttribute('class'))?.includes('is-checked') ??
		(await toggle.getAttribute('aria-checked')) === 'true';
	if ((await isOn()) !== on) await toggle.click();
	const deadline = Date.now() + 5_000;
	while ((await isOn()) !== on) {
		if (Date.now() > deadline)
			throw new Error(`the switch ${parameterName} did not turn ${on ? 'on' : 'off'}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** Removes every node from the open workflow's canvas (select all, Delete), as a user clears it. */
export async function clearCanvas(page: Page): Promise<void> {
	const nodes = workflowNodes(page);
	if ((await nodes.count()) === 0) return;
	await page.locator('.vue-flow__pane').click({ position: { x: 5, y: 5 } });
	await page.keyboard.press('ControlOrMeta+a');
	await page.keyboard.press('Delete');
	const deadline = Date.now() + 15_000;
	while ((await nodes.count()) > 0) {
		if (Date.now() > deadline)
			throw new Error(
				`the canvas still shows ${await nodes.count()} nodes after select all + Delete`,
			);
		await page.waitForTimeout(100);
	}
}

/** The workflow's nodes on the canvas, sticky notes included (not the empty canvas's "Add first step" box). */
function workflowNodes(page: Page): Locator {
	return page.locator('.vue-flow__node').filter({ hasNot: page.getByTestId('canvas-add-button') });
}
