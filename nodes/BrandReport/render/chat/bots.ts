import type { IDataObject } from 'n8n-workflow';
import { escapeMarkdown } from '../escape';
import type { ReportStrings } from '../strings';
import type { PackedMessage } from './pack';
import { packBlocks } from './pack';

export const CHAT_FORMATS = ['feishu', 'wecom', 'dingtalk'] as const;
export type ChatFormat = (typeof CHAT_FORMATS)[number];

/**
 * Each bot's size limit, as its public documentation gives it (sources in docs/brand-report.md):
 * Feishu/Lark custom bot: a request body of at most 20 KB; WeCom group bot: markdown `content` of at
 * most 4,096 bytes of UTF-8; DingTalk custom bot: no markdown size in the pages found, so the same
 * 20 KB body as Feishu is kept.
 */
export const BOT_LIMITS = {
	feishu: { bytes: 20_000, measure: 'request body' },
	wecom: { bytes: 4_096, measure: 'markdown.content' },
	dingtalk: { bytes: 20_000, measure: 'request body' },
} as const;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

export interface ChatMessage {
	title: string;
	/** Feishu card colour: red when there is something to answer. */
	urgent: boolean;
	strings: ReportStrings;
}

function partTitle(message: ChatMessage, part: number, of: number): string {
	return of > 1 ? `${message.title} (${message.strings.part(part, of)})` : message.title;
}

const BODIES: Record<
	ChatFormat,
	(message: ChatMessage, blocks: string[], part: number, of: number) => IDataObject
> = {
	feishu: (message, blocks, part, of) => ({
		msg_type: 'interactive',
		card: {
			config: { wide_screen_mode: true },
			header: {
				title: { tag: 'plain_text', content: partTitle(message, part, of) },
				template: message.urgent ? 'red' : 'blue',
			},
			elements: blocks.map((block) => ({
				tag: 'div',
				// lark_md has no quote: the summary's "> " would show as typed.
				text: { tag: 'lark_md', content: block.replace(/^> /, '') },
			})),
		},
	}),
	wecom: (message, blocks, part, of) => ({
		msgtype: 'markdown',
		markdown: {
			content: [`**${escapeMarkdown(partTitle(message, part, of))}**`, ...blocks].join('\n\n'),
		},
	}),
	dingtalk: (message, blocks, part, of) => ({
		msgtype: 'markdown',
		markdown: {
			title: partTitle(message, part, of),
			// DingTalk joins single line breaks; two trailing spaces keep each line.
			text: [`### ${escapeMarkdown(partTitle(message, part, of))}`, ...blocks]
				.map((block) => block.replace(/\n/g, '  \n'))
				.join('\n\n'),
		},
	}),
};

/** The size the bot checks, in bytes of UTF-8. */
export function measuredBytes(format: ChatFormat, body: IDataObject): number {
	if (format === 'wecom') return bytes((body.markdown as IDataObject).content as string);
	return bytes(JSON.stringify(body));
}

/** The request bodies of one bot for a chat report: split and, past `maxMessages`, trimmed with a note. */
export function botBodies(
	format: ChatFormat,
	message: ChatMessage,
	blocks: string[],
	maxMessages: number,
	note: (left: number) => string,
): IDataObject[] {
	const build = BODIES[format];
	const fits = (candidate: string[], part: number, of: number) =>
		measuredBytes(format, build(message, candidate, part, of)) <= BOT_LIMITS[format].bytes;
	return packBlocks(blocks, { fits, maxMessages, note }).map(
		({ blocks: own, part, of }: PackedMessage) => build(message, own, part, of),
	);
}
