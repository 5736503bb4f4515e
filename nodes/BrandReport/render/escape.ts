const HTML_ENTITIES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

/** User text inside HTML (element text and attribute values). */
export function escapeHtml(value: unknown): string {
	return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
}

/** Markdown marks in user text, each swapped for its full-width look-alike. */
const MARKDOWN_LOOKALIKES: Record<string, string> = {
	'\\': '＼',
	'`': 'ˋ',
	'*': '＊',
	_: '＿',
	'[': '［',
	']': '］',
	'<': '＜',
	'>': '＞',
	'#': '＃',
	'~': '～',
	'|': '｜',
};

/**
 * User text inside chat Markdown (Slack, Teams, Mattermost, Feishu lark_md, WeCom, DingTalk), on one
 * line. The dialects disagree on backslash escapes (WeCom and DingTalk show the backslash), so each
 * mark becomes a full-width look-alike: a post's title can never open a link, bold text or a tag
 * such as `<font>` or `<at>`, and reads the same.
 */
export function escapeMarkdown(value: unknown): string {
	return String(value ?? '')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/[\\`*_[\]<>#~|]/g, (c) => MARKDOWN_LOOKALIKES[c]);
}

/** An address inside a Markdown link: characters that would end the link are percent-encoded. */
export function markdownUrl(url: string): string {
	return url.replace(
		/[()\s<>[\]]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
	);
}

export const formatNumber = (n: number | null) =>
	n === null ? '–' : Number(n).toLocaleString('en-US');
