import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { ChatFormat } from '../render/chat/bots';
import { botBodies, CHAT_FORMATS } from '../render/chat/bots';
import type { ChatReport } from '../render/chat/reportBlocks';
import { chatMarkdown } from '../render/chat/reportBlocks';
import type { ReportStrings } from '../render/strings';
import type { CommonSettings } from './commonSettings';

export interface Rendered {
	subject: string;
	html: () => string;
	chat: ChatReport;
	urgent: boolean;
	strings: ReportStrings;
	/** Closing line of a trimmed chat message, given what was left out. */
	note: (left: number) => string;
}

/** Every chat message of an item, in bot order: `format`, `part`, `of` and the request `body`. */
function chatMessages(json: IDataObject): IDataObject[] {
	return CHAT_FORMATS.flatMap((format: ChatFormat) => {
		const bodies = (json[format] as IDataObject[] | undefined) ?? [];
		return bodies.map((body, n) => ({ format, part: n + 1, of: bodies.length, body }));
	});
}

/**
 * The selected formats of one report or alert, as the fields of its output item; with a chat
 * format, `messages` lists every chat message too, for a Split Out node to post each.
 */
export function formatsJson(rendered: Rendered, settings: CommonSettings): IDataObject {
	const json: IDataObject = { subject: rendered.subject };
	if (settings.formats.includes('email')) json.html = rendered.html();
	if (settings.formats.includes('markdown')) json.markdown = chatMarkdown(rendered.chat);
	const message = {
		title: rendered.chat.title,
		urgent: rendered.urgent,
		strings: rendered.strings,
	};
	for (const format of CHAT_FORMATS)
		if (settings.formats.includes(format))
			json[format] = botBodies(
				format,
				message,
				rendered.chat.blocks,
				settings.maxMessages,
				rendered.note,
			);
	const messages = chatMessages(json);
	if (messages.length) json.messages = messages;
	return json;
}

/** With "One Item per Chat Message": one item per message of `messages`, in bot order, for an HTTP Request node. */
export function messageItems(json: IDataObject, itemIndex: number): INodeExecutionData[] {
	// Routed messages (Delivery Settings) are the ones to post: each with its bot's address.
	const messages = (json.messages as IDataObject[] | undefined) ?? chatMessages(json);
	return messages.map(({ body, ...message }) => ({
		json: { ...message, subject: json.subject, body },
		pairedItem: { item: itemIndex },
	}));
}
