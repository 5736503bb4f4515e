import { escapeHtml } from '../../nodes/BrandReport/render/escape';
import { markdownHtml } from './chatMarkdown';

export type PreviewBot = 'feishu' | 'wecom' | 'dingtalk';

/** A request body as a bot received it (or as the Brand Report node built it). */
export interface PreviewMessage {
	bot: PreviewBot;
	body: unknown;
}

const BOTS: Record<PreviewBot, string> = {
	feishu: 'Feishu / Lark',
	wecom: 'WeCom',
	dingtalk: 'DingTalk',
};

/** Feishu's card header templates and the colours its client paints them. */
const HEADER_COLOURS: Record<string, string> = {
	blue: '#3370ff',
	wathet: '#2ea8f5',
	turquoise: '#04b49c',
	green: '#34c724',
	yellow: '#ffc60a',
	orange: '#ff8800',
	red: '#f54a45',
	carmine: '#e73c7b',
	violet: '#c44ad6',
	purple: '#7f3bf5',
	indigo: '#4e5bdf',
	grey: '#8f959e',
};

const STYLE = `
body { margin: 0; padding: 16px; background: #eef0f3; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans CJK SC", "PingFang SC", sans-serif; color: #1f2329; }
.bots { display: flex; gap: 16px; align-items: flex-start; }
.bot { flex: 1 1 0; min-width: 0; }
.bot > h2 { font-size: 15px; margin: 0 0 8px; color: #646a73; }
.message { background: #fff; border-radius: 8px; margin-bottom: 12px; overflow: hidden; box-shadow: 0 1px 3px rgba(0,0,0,.12); overflow-wrap: anywhere; }
.card-header { color: #fff; font-weight: 600; padding: 10px 14px; }
.card-body, .markdown { padding: 10px 14px; }
.element { margin: 4px 0 10px; }
.notification { font-size: 12px; color: #8f959e; padding: 8px 14px 0; }
.unknown { border: 2px solid #f54a45; padding: 10px 14px; }
.unknown pre { white-space: pre-wrap; font-size: 12px; }
a { color: #245bdb; text-decoration: none; }
h1, h2, h3, h4, h5, h6 { margin: 4px 0 8px; font-size: 16px; }
p, ol, ul, blockquote { margin: 0 0 8px; }
ol, ul { padding-left: 22px; }
blockquote { border-left: 3px solid #dee0e3; padding-left: 8px; color: #646a73; }
code { background: #f2f3f5; padding: 0 3px; border-radius: 3px; }
hr { border: 0; border-top: 1px solid #dee0e3; }
`;

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A body the preview cannot read is shown as it is, never dropped. */
function unknownHtml(reason: string, body: unknown): string {
	return `<div class="message unknown"><strong>${escapeHtml(reason)}</strong><pre>${escapeHtml(
		JSON.stringify(body, null, 2),
	)}</pre></div>`;
}

function feishuElementHtml(element: unknown): string {
	if (!isObject(element)) return unknownHtml('Card element is not an object', element);
	if (element.tag === 'hr') return '<hr>';
	const content = isObject(element.text) ? text(element.text.content) : null;
	if ((element.tag === 'div' || element.tag === 'markdown') && content !== null)
		return `<div class="element">${
			isObject(element.text) && element.text.tag === 'plain_text'
				? escapeHtml(content).replace(/\n/g, '<br>')
				: markdownHtml(content, 'lark_md')
		}</div>`;
	if (element.tag === 'markdown' && text(element.content) !== null)
		return `<div class="element">${markdownHtml(text(element.content)!, 'lark_md')}</div>`;
	return unknownHtml(`Card element the preview does not show: ${String(element.tag)}`, element);
}

function feishuHtml(body: unknown): string {
	const card = isObject(body) && body.msg_type === 'interactive' ? body.card : null;
	if (!isObject(card) || !Array.isArray(card.elements))
		return unknownHtml('Not a Feishu interactive card', body);
	const header = isObject(card.header) ? card.header : {};
	const title = isObject(header.title) ? text(header.title.content) : null;
	const colour = HEADER_COLOURS[String(header.template)] ?? HEADER_COLOURS.blue;
	const headerHtml =
		title === null
			? ''
			: `<div class="card-header" style="background:${colour}">${escapeHtml(title)}</div>`;
	return `<div class="message feishu">${headerHtml}<div class="card-body">${card.elements
		.map(feishuElementHtml)
		.join('')}</div></div>`;
}

function wecomHtml(body: unknown): string {
	const content =
		isObject(body) && body.msgtype === 'markdown' && isObject(body.markdown)
			? text(body.markdown.content)
			: null;
	if (content === null) return unknownHtml('Not a WeCom markdown message', body);
	return `<div class="message wecom"><div class="markdown">${markdownHtml(content, 'wecom')}</div></div>`;
}

function dingtalkHtml(body: unknown): string {
	const markdown =
		isObject(body) && body.msgtype === 'markdown' && isObject(body.markdown) ? body.markdown : null;
	const title = markdown ? text(markdown.title) : null;
	const content = markdown ? text(markdown.text) : null;
	if (title === null || content === null)
		return unknownHtml('Not a DingTalk markdown message', body);
	// The title is what the conversation list and the notification show.
	return `<div class="message dingtalk"><div class="notification">Notification: ${escapeHtml(title)}</div><div class="markdown">${markdownHtml(content, 'dingtalk')}</div></div>`;
}

const RENDER: Record<PreviewBot, (body: unknown) => string> = {
	feishu: feishuHtml,
	wecom: wecomHtml,
	dingtalk: dingtalkHtml,
};

const count = (n: number) => `${n} message${n === 1 ? '' : 's'}`;

/**
 * One static page showing each bot's messages about as its client does, a column per bot in the
 * order of `messages`. No scripts and no network: the page's policy forbids both.
 */
export function chatPreviewHtml(messages: PreviewMessage[]): string {
	const bots = [...new Set(messages.map((message) => message.bot))];
	const columns = bots.map((bot) => {
		const own = messages.filter((message) => message.bot === bot);
		const name = BOTS[bot] ?? `Unknown bot ${String(bot)}`;
		const render = RENDER[bot] ?? ((body: unknown) => unknownHtml('Unknown bot', body));
		return `<section class="bot"><h2>${escapeHtml(name)} — ${count(own.length)}</h2>${own
			.map((message) => render(message.body))
			.join('')}</section>`;
	});
	return `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Chat messages</title><style>${STYLE}</style></head>
<body><div class="bots">${columns.join('')}</div></body></html>
`;
}
