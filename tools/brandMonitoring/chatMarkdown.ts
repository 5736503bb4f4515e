import { escapeHtml } from '../../nodes/BrandReport/render/escape';

/** The Markdown dialects of the three group bots, as far as the preview tells them apart. */
export type ChatDialect = 'lark_md' | 'wecom' | 'dingtalk';

/** `<font color=…>` names the clients know: WeCom's three, Feishu's palette. Others show as text. */
const FONT_COLOURS: Record<string, string> = {
	info: '#2c9b3f',
	comment: '#8f959e',
	warning: '#e0632a',
	red: '#d83931',
	green: '#2ea121',
	grey: '#8f959e',
	gray: '#8f959e',
	blue: '#245bdb',
	orange: '#de7802',
	yellow: '#dc9b04',
	purple: '#7f3bf5',
};

const SAFE_LINK = /^(https?:|mailto:)/i;

const INLINE =
	/\*\*(.+?)\*\*|\[([^\]\n]*)\]\(([^)\s]*)\)|<font color=(?:"(\w+)"|'(\w+)'|(\w+))>(.*?)<\/font>|\*([^*\s][^*\n]*?)\*|`([^`\n]+)`/g;

/**
 * One line of chat Markdown as HTML: **bold**, *italic*, `code`, [links](url) and `<font color>`;
 * every other character is escaped, so a `<script>` in the text stays text. Only http(s) and mailto
 * addresses become links; any other link shows its text and address, as plain text.
 */
export function inlineHtml(text: string): string {
	let html = '';
	let from = 0;
	for (const match of text.matchAll(INLINE)) {
		const [whole, bold, linkText, href, dq, sq, bare, fontText, italic, code] = match;
		html += escapeHtml(text.slice(from, match.index));
		from = match.index! + whole.length;
		if (bold !== undefined) html += `<strong>${inlineHtml(bold)}</strong>`;
		else if (href !== undefined)
			html += SAFE_LINK.test(href)
				? `<a href="${escapeHtml(href)}">${inlineHtml(linkText)}</a>`
				: `${inlineHtml(linkText)} (${escapeHtml(href)})`;
		else if (fontText !== undefined) {
			const colour = FONT_COLOURS[(dq ?? sq ?? bare).toLowerCase()];
			html += colour
				? `<span style="color:${colour}">${inlineHtml(fontText)}</span>`
				: escapeHtml(whole);
		} else if (italic !== undefined) html += `<em>${inlineHtml(italic)}</em>`;
		else html += `<code>${escapeHtml(code)}</code>`;
	}
	return html + escapeHtml(text.slice(from));
}

const HEADING = /^(#{1,6}) +(.*)$/;
const QUOTE = /^> ?(.*)$/;
const ORDERED = /^(\d+)\. +(.*)$/;
const BULLET = /^[-*+] +(.*)$/;

/**
 * A message's Markdown as HTML blocks. Feishu's lark_md has no headings or lists: every line is a
 * line. WeCom and DingTalk know headings, quotes and lists; DingTalk joins a single line break
 * unless the line ends in two spaces, WeCom keeps it.
 */
export function markdownHtml(text: string, dialect: ChatDialect): string {
	if (dialect === 'lark_md')
		return text
			.split('\n')
			.map((line) => inlineHtml(line))
			.join('<br>');
	return text
		.split(/\n[ \t]*\n/)
		.map((paragraph) => paragraphHtml(paragraph, dialect))
		.join('');
}

/** Lines of one paragraph: WeCom keeps each line break, DingTalk only after two trailing spaces. */
function linesHtml(lines: string[], dialect: ChatDialect): string {
	const html = lines.map((line, n) => {
		if (n === lines.length - 1) return inlineHtml(line.trimEnd());
		const breaks = dialect === 'wecom' || / {2}$/.test(line);
		return inlineHtml(line.trimEnd()) + (breaks ? '<br>' : ' ');
	});
	return `<p>${html.join('')}</p>`;
}

interface ListBlock {
	kind: 'ol' | 'ul';
	start: number;
	items: string[];
}

function paragraphHtml(paragraph: string, dialect: ChatDialect): string {
	let html = '';
	let lines: string[] = [];
	let list = null as ListBlock | null;
	const flush = () => {
		if (lines.length) html += linesHtml(lines, dialect);
		lines = [];
		if (list) {
			const start = list.kind === 'ol' && list.start !== 1 ? ` start="${list.start}"` : '';
			html += `<${list.kind}${start}>${list.items.join('')}</${list.kind}>`;
		}
		list = null;
	};
	for (const line of paragraph.split('\n')) {
		const heading = HEADING.exec(line);
		const quote = QUOTE.exec(line);
		const item = ORDERED.exec(line) ?? BULLET.exec(line);
		if (heading) {
			flush();
			const level = heading[1].length;
			html += `<h${level}>${inlineHtml(heading[2].trimEnd())}</h${level}>`;
		} else if (quote) {
			flush();
			html += `<blockquote>${inlineHtml(quote[1].trimEnd())}</blockquote>`;
		} else if (item) {
			const kind = item.length > 2 ? 'ol' : 'ul';
			if (lines.length || list?.kind !== kind) flush();
			list ??= { kind, start: Number(item[1]), items: [] };
			list.items.push(`<li>${inlineHtml(item[item.length - 1].trimEnd())}</li>`);
		} else {
			if (list) flush();
			lines.push(line);
		}
	}
	flush();
	return html;
}
