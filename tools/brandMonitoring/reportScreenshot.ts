import * as fs from 'node:fs';
import * as path from 'node:path';
import { launchHeadlessChromium } from '../n8n/chromium';

/** What a rendered page shows, read after layout. */
export interface RenderedPage {
	png: string;
	/** The page's visible text. */
	text: string;
	/** Addresses of the links, in page order. */
	links: string[];
	/** Width and height of the rendered page in CSS pixels. */
	size: { width: number; height: number };
}

/** What the rendered report shows. */
export type RenderedReport = RenderedPage;

/** E-mail clients show a message about this wide; the report's card is 640 px. */
const MAIL_WIDTH = 720;

/**
 * Renders a static HTML page in headless Chromium `width` CSS pixels wide, with the network off,
 * and keeps a full-page PNG at `png`.
 */
export async function screenshotHtml(
	html: string,
	png: string,
	width: number,
): Promise<RenderedPage> {
	const chromium = await launchHeadlessChromium();
	try {
		const page = await chromium.context.newPage();
		await page.setViewportSize({ width, height: 900 });
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
		)) as RenderedPage['size'];
		return { png, text, links, size };
	} finally {
		await chromium.close();
	}
}

/** Renders the report's HTML as a mail client would and keeps a full-page PNG at `png`. */
export const screenshotReport = (html: string, png: string): Promise<RenderedReport> =>
	screenshotHtml(html, png, MAIL_WIDTH);
