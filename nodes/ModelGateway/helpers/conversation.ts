import type { FieldRef } from '../../shared/execution/inputError';
import { InputError } from '../../shared/execution/inputError';

/** Validation of the chat completions and messages requests, before anything is sent. */

export const MESSAGES_FIELD: FieldRef = { name: 'messages', displayName: 'Messages' };
const TEMPERATURE: FieldRef = { name: 'temperature', displayName: 'Temperature' };
const MAX_TOKENS: FieldRef = { name: 'max_tokens', displayName: 'Maximum Tokens' };

export interface ChatMessage {
	role: string;
	content: string;
}

/** Messages with content, in order; a role outside `roles` is refused. */
export function conversationOf(values: unknown, roles: string[]): ChatMessage[] {
	const list = Array.isArray(values) ? values : [];
	const messages: ChatMessage[] = [];
	list.forEach((value, index) => {
		const role = String(value?.role ?? 'user');
		if (!roles.includes(role)) {
			throw InputError.about(
				MESSAGES_FIELD,
				`holds message ${index + 1} with the role ${JSON.stringify(role)}; allowed: ${roles.join(', ')}`,
			);
		}
		const content = value?.content;
		if (content === undefined || content === null || String(content).trim() === '') return;
		messages.push({
			role,
			content: typeof content === 'string' ? content : JSON.stringify(content),
		});
	});
	return messages;
}

const isMissing = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Spec, Limits: chat `temperature` 0 to 2 (default 0.7 when omitted). */
export function temperatureOf(value: unknown): number | undefined {
	if (isMissing(value)) return undefined;
	const number = typeof value === 'string' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number) || number < 0 || number > 2) {
		throw InputError.about(
			TEMPERATURE,
			`must be a number from 0 to 2; got ${JSON.stringify(value)}`,
		);
	}
	return number;
}

/** `max_tokens`: a whole number of at least 1; `required` for the messages interface. */
export function maxTokensOf(value: unknown, required: boolean): number | undefined {
	if (isMissing(value)) {
		if (required) throw InputError.about(MAX_TOKENS, 'is required by the messages interface');
		return undefined;
	}
	const number = typeof value === 'string' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) {
		throw InputError.about(
			MAX_TOKENS,
			`must be a whole number of at least 1; got ${JSON.stringify(value)}`,
		);
	}
	return number;
}
