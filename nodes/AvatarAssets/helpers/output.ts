import type { IDataObject } from 'n8n-workflow';
import type { AvatarAnswer } from '../transport/avatarCall';
import { isRecord } from '../../shared/json/isRecord';

// Case matters: `Valid` or `paid` are not ids.
const ID_KEY = /^(id|ID)$|Id$|Ids$|ID$|IDs$|_id$|_ids$/;

/** Ids come out as strings, also the small ones a service may send as numbers. */
export function idsAsStrings(value: unknown, key = ''): unknown {
	if (Array.isArray(value)) return value.map((entry) => idsAsStrings(entry, key));
	if (isRecord(value)) {
		const result: Record<string, unknown> = {};
		for (const [inner, entry] of Object.entries(value)) result[inner] = idsAsStrings(entry, inner);
		return result;
	}
	if ((typeof value === 'number' || typeof value === 'bigint') && ID_KEY.test(key))
		return String(value);
	return value;
}

/** The answer's `Result` object (the whole answer when it has none), ids as strings. */
export function resultOf(answer: AvatarAnswer): IDataObject {
	const result = isRecord(answer.Result)
		? answer.Result
		: answer.Result === undefined
			? answer
			: { Result: answer.Result };
	return idsAsStrings(result) as IDataObject;
}

export function fullAnswer(answer: AvatarAnswer): IDataObject {
	return idsAsStrings(answer) as IDataObject;
}

/** What an operation outputs for one answer: `Result` unwrapped, or the whole answer when asked. */
export function outputOf(answer: AvatarAnswer, fullResponse: boolean): IDataObject {
	return fullResponse ? fullAnswer(answer) : resultOf(answer);
}
