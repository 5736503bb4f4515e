import { badRequest } from './problems';

/** Reads the messages of chat completions and messages requests (content as a string or text blocks). */

export interface Conversation {
	system: string;
	lastUser: string;
	promptText: string;
}

const isObject = (value: unknown): value is Record<string, any> =>
	!!value && typeof value === 'object' && !Array.isArray(value);

function textOf(content: unknown, where: string): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) {
		return content
			.map((block, index) => {
				if (!isObject(block)) throw badRequest(`${where}.content[${index}] must be an object`);
				return typeof block.text === 'string' ? block.text : '';
			})
			.join('\n');
	}
	throw badRequest(`${where}.content must be a string or a list of content blocks`);
}

export function readConversation(body: unknown, roles: string[], system?: unknown): Conversation {
	if (!isObject(body)) throw badRequest('The request body must be a JSON object');
	if (typeof body.model !== 'string' || body.model.trim() === '')
		throw badRequest('model: Field required');
	if (!Array.isArray(body.messages) || body.messages.length === 0)
		throw badRequest('messages: must be a non-empty array');
	let systemText =
		typeof system === 'string' ? system : system === undefined ? '' : textOf(system, 'system');
	let lastUser = '';
	let promptText = systemText;
	body.messages.forEach((message: unknown, index: number) => {
		const where = `messages[${index}]`;
		if (!isObject(message)) throw badRequest(`${where} must be an object`);
		if (!roles.includes(message.role))
			throw badRequest(`${where}.role must be one of ${roles.join(', ')}`);
		// An assistant message that only calls tools has `content: null`.
		const text =
			message.content === null && Array.isArray(message.tool_calls)
				? ''
				: textOf(message.content, where);
		promptText += text;
		if (message.role === 'system') systemText += (systemText ? '\n' : '') + text;
		if (message.role === 'user') lastUser = text;
	});
	return { system: systemText, lastUser, promptText };
}
