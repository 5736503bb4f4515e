import { parseLosslessJson } from '../../shared/json/losslessJson';

/**
 * Finds the JSON value in a model's text answer: the whole text, a fenced ```json block, or the first
 * balanced {...} / [...] in prose ("Sure! Here it is: {...}"). Models do not always obey "answer in JSON".
 * Read like every answer: an integer beyond 2^53-1 (an id the model repeats) keeps its digits as a string.
 */
export type JsonExtraction = { ok: true; value: unknown } | { ok: false; error: string };

export function jsonFromText(text: string): JsonExtraction {
	const candidates: string[] = [text.trim()];
	const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
	if (fenced) candidates.push(fenced[1].trim());
	const balanced = firstBalanced(text);
	if (balanced) candidates.push(balanced);
	for (const candidate of candidates) {
		if (!candidate) continue;
		try {
			return { ok: true, value: parseLosslessJson(candidate) };
		} catch {
			// try the next reading
		}
	}
	return {
		ok: false,
		error: text.trim() ? 'The text contains no valid JSON object or array' : 'The text is empty',
	};
}

/** Opening brackets tried at most, so a long text full of brackets stays fast. */
const MAX_ATTEMPTS = 64;

/** The first `{...}` or `[...]` whose brackets balance, skipping brackets inside string literals. */
function firstBalanced(text: string): string | undefined {
	let attempts = 0;
	for (let start = 0; start < text.length && attempts < MAX_ATTEMPTS; start++) {
		const open = text[start];
		if (open !== '{' && open !== '[') continue;
		attempts++;
		const end = matchingEnd(text, start);
		if (end !== -1) {
			const slice = text.slice(start, end + 1);
			try {
				JSON.parse(slice);
				return slice;
			} catch {
				// a bracket in prose, keep looking
			}
		}
	}
	return undefined;
}

function matchingEnd(text: string, start: number): number {
	const stack: string[] = [];
	let inString = false;
	for (let index = start; index < text.length; index++) {
		const char = text[index];
		if (inString) {
			if (char === '\\') index++;
			else if (char === '"') inString = false;
			continue;
		}
		if (char === '"') inString = true;
		else if (char === '{') stack.push('}');
		else if (char === '[') stack.push(']');
		else if (char === '}' || char === ']') {
			if (stack.pop() !== char) return -1;
			if (stack.length === 0) return index;
		}
	}
	return -1;
}
