import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, selectors, type BrowserContext } from 'playwright-core';
import { ensureSystemTools, isExecutable } from '../systemTools';

/**
 * Debian's chromium package at /usr/bin/chromium, installed on first use when missing (as root;
 * see systemTools). CHROMIUM_PATH overrides it, and is then never installed.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	// Containers often give /dev/shm only 64 MB; Chromium then crashes while painting.
	'--disable-dev-shm-usage',
];

export interface HeadlessChromium {
	context: BrowserContext;
	userDataDir: string;
	close(): Promise<void>;
}

/**
 * A headless Chromium with a fresh profile (its --user-data-dir, removed on close). n8n's editor
 * marks its elements with `data-test-id`, which getByTestId is switched to here.
 */
export async function launchHeadlessChromium(): Promise<HeadlessChromium> {
	if (process.env.CHROMIUM_PATH === undefined) {
		await ensureSystemTools([
			{
				program: 'chromium',
				debianPackage: 'chromium',
				find: () => (isExecutable(CHROMIUM_PATH) ? CHROMIUM_PATH : undefined),
			},
		]);
	} else if (!fs.existsSync(CHROMIUM_PATH)) {
		throw new Error(
			`no Chromium at CHROMIUM_PATH=${CHROMIUM_PATH}; unset it to use (and if need be install) Debian's chromium package`,
		);
	}
	selectors.setTestIdAttribute('data-test-id');
	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
	// launchPersistentContext is how Playwright takes a --user-data-dir (it refuses the raw flag).
	const context = await chromium.launchPersistentContext(userDataDir, {
		executablePath: CHROMIUM_PATH,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: { width: 1440, height: 900 },
	});
	return {
		context,
		userDataDir,
		close: async () => {
			await context.close();
			fs.rmSync(userDataDir, { recursive: true, force: true });
		},
	};
}
