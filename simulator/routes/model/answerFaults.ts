import { isRecord } from '../../objectPaths';
import type { SimResponse } from '../types';
import { withKeyEcho } from './keyEcho';

/**
 * A `modelAnswer` fault: the model answers (200) but its text is not what was asked for, as real
 * models sometimes do with structured output. Applied to the generated text of a chat completion,
 * a messages answer or a native generate-content answer (not to streams; `echo-key` to streams too).
 * - `prose`: an apology instead of JSON;
 * - `drop-item`: the last entry of `results` left out;
 * - `duplicate-item`: the first entry of `results` twice, the copy with another label;
 * - `unknown-label`: the first entry's label replaced by one nobody allowed;
 * - `echo-key`: the caller's API key in the text, streams included (see keyEcho.ts).
 */
export type ModelAnswerFault =
	| 'prose'
	| 'drop-item'
	| 'duplicate-item'
	| 'unknown-label'
	| 'echo-key';

export const MODEL_ANSWER_FAULTS: readonly ModelAnswerFault[] = [
	'prose',
	'drop-item',
	'duplicate-item',
	'unknown-label',
	'echo-key',
];

const PROSE = "I'm sorry, I can't sort these posts right now. Please try again later.";

type Entry = Record<string, unknown>;

function disturbedResults(results: Entry[], fault: ModelAnswerFault): Entry[] {
	if (results.length === 0) return results;
	if (fault === 'drop-item') return results.slice(0, -1);
	if (fault === 'duplicate-item')
		return [
			...results,
			{ ...results[0], label: results[0].label === 'negative' ? 'positive' : 'negative' },
		];
	return [{ ...results[0], label: 'maybe' }, ...results.slice(1)];
}

/** The text a faulty model writes instead of `text`. */
export function disturbedText(text: string, fault: ModelAnswerFault): string {
	if (fault === 'prose') return PROSE;
	try {
		const value: unknown = JSON.parse(text);
		if (isRecord(value) && Array.isArray(value.results))
			return JSON.stringify({
				...value,
				results: disturbedResults(value.results as Entry[], fault),
			});
	} catch {
		// not a structured answer: a prose fault is the only one that changes it
	}
	return text;
}

/** Where each interface's answer keeps its generated text (the first text part). */
function withText(body: Record<string, any>, fault: ModelAnswerFault): Record<string, any> {
	const copy = structuredClone(body);
	const chatMessage = copy.choices?.[0]?.message;
	if (chatMessage && typeof chatMessage.content === 'string')
		chatMessage.content = disturbedText(chatMessage.content, fault);
	const block = Array.isArray(copy.content)
		? copy.content.find((entry: Entry) => entry?.type === 'text')
		: undefined;
	if (block && typeof block.text === 'string') block.text = disturbedText(block.text, fault);
	const part = copy.candidates?.[0]?.content?.parts?.find(
		(entry: Entry) => typeof entry?.text === 'string',
	);
	if (part) part.text = disturbedText(part.text, fault);
	return copy;
}

export function withModelAnswerFault(
	response: SimResponse,
	fault: ModelAnswerFault | undefined,
	apiKey: string,
): SimResponse {
	if (fault === undefined || response.status !== 200) return response;
	if (fault === 'echo-key') return withKeyEcho(response, apiKey);
	if (!isRecord(response.body)) return response;
	return { ...response, body: withText(response.body, fault) };
}
