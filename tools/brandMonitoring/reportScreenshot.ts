import * as fs from 'node:fs';
import * as path from 'node:path';
import { launchHeadlessChromium } from '../n8n/chromium';

/** What the rendered report shows, read from the page after layout. */
export interface RenderedReport {
	png: string;
	/** The page's visible text. */
	text: string;
	/** Addresses of the links, in page order. */
	links: string[];
	/** Width and height of the rendered page in CSS pixels. */
	size: { width: number; height: number };
}

/** E-mail clients show a message about this wide; the report's card is 640 px. */
const VIEWPORT = { width: 720, height: 900 };

/**
 * Renders the report's HTML in headless Chromium as a mail client would (no scripts, no network)
 * and keeps a full-page PNG at `png`.
 */
export async function screenshotReport(html: string, png: string): Promise<RenderedReport> {
	const chromium = await launchHeadlessChromium();
	try {
		const page = await chromium.context.newPage();
		await page.setViewportSize(VIEWPORT);
		await page.route('**/*', (route) => route.abort());
		await page.setContent(html, { waitUntil: 'load' });
		fs.mkdirSync(path.dirname(png), { recursive: true });
		await page.screenshot({ path: png, fullPage: true });
		const text = await page.innerText('body');
		const links = await page.$$eval('a[href]', (anchors) =>
			anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
		);
		const size = (await page.evaluate(
			'({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight })',
		)) as RenderedReport['size'];
		return { png, text, links, size };
	} finally {
		await chromium.close();
	}
}
