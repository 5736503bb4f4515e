import type { Locator, Page } from 'playwright-core';
import type { DevLogin } from './dev-owner';

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

/**
 * Adds a node through the node panel: search, pick the node, then its first action (n8n lists a
 * node with resources and operations as actions, below suggested triggers of other types, and adds
 * a manual trigger before it on an empty canvas). Returns the node details view that opens.
 */
export async function addNodeFromPanel(
	page: Page,
	node: { search: string; displayName: string; type: string },
): Promise<Locator> {
	await page.getByTestId('node-creator-plus-button').click();
	const creator = page.getByTestId('node-creator');
	await creator.getByTestId('node-creator-search-bar').fill(node.search);
	await creator
		.getByTestId('item-iterator-item')
		.filter({ has: page.getByTestId('node-creator-item-name').getByText(node.displayName, { exact: true }) })
		.click();
	await creator.locator(`[data-test-id="item-iterator-item"][data-keyboard-nav-id^="${node.type}-"]`).first().click();
	const ndv = page.getByTestId('ndv');
	await ndv.getByTestId('node-parameters').waitFor();
	return ndv;
}

/** Picks an option (by its shown name) of an options parameter in the open node. */
export async function selectParameterOption(page: Page, parameterName: string, optionName: string): Promise<void> {
	const input = page.getByTestId('ndv').getByTestId(`parameter-input-${parameterName}`);
	await input.click();
	await page
		.getByRole('option')
		.filter({ visible: true })
		.filter({ has: page.getByText(optionName, { exact: true }) })
		.click();
	await waitForInputValue(input.locator('input').first(), optionName);
}

export async function fillTextParameter(ndv: Locator, parameterName: string, value: string): Promise<void> {
	await ndv.getByTestId(`parameter-input-${parameterName}`).locator('input, textarea').first().fill(value);
}

/** Labels of the parameters the open node shows, top to bottom (the credential picker has its own). */
export async function shownParameterLabels(ndv: Locator): Promise<string[]> {
	const texts = await ndv.getByTestId('node-parameters').getByTestId('input-label').filter({ visible: true }).allInnerTexts();
	return texts.map((text) => text.split('\n')[0].trim()).filter((text) => text !== '');
}

/** Chooses a credential in the open node's credential picker by its id and checks the picker shows its name. */
export async function selectCredential(page: Page, credentialId: string, credentialName: string): Promise<void> {
	const picker = page.getByTestId('ndv').getByTestId('node-credentials-select');
	await picker.click();
	await page.getByTestId(`node-credentials-select-item-${credentialId}`).filter({ visible: true }).click();
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
	const failure = output.locator('[data-test-id="node-run-status-error"], [data-test-id^="node-error"]');
	await success.or(failure).first().waitFor({ timeout: timeoutMs });
	if (!(await success.isVisible())) throw new Error(`the node run failed:\n${(await output.innerText()).slice(0, 2000)}`);
	await output.locator('table').first().waitFor();
	const itemsLabel = (await output.getByTestId('ndv-items-count').innerText()).trim();
	const table = await output.locator('table').first().evaluate((element) => ({
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
		if (Date.now() > deadline) throw new Error(`the field shows "${value}", expected "${expected}"`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}
