import type { IDataObject } from 'n8n-workflow';
import type { AnswerSummary } from './answerText';
import { jsonFromText } from './jsonFromText';

export type OutputMode = 'text' | 'full';

/** Adds `parsed` (or `parseError`) read from the generated text. */
function withParsed(json: IDataObject, text: string): IDataObject {
	const extraction = jsonFromText(text);
	if (extraction.ok) return { ...json, parsed: extraction.value as IDataObject };
	return { ...json, parsed: null, parseError: extraction.error };
}

/**
 * The JSON of an answer: with `text`, the generated text, finish reason and the protocol's usage;
 * with `full`, the whole response. `parseJson` adds the JSON found in the text either way.
 */
export function answerJson(
	summary: AnswerSummary,
	response: unknown,
	mode: OutputMode,
	parseJson: boolean,
): IDataObject {
	const json: IDataObject =
		mode === 'full' ? { ...(response as IDataObject) } : ({ ...summary } as IDataObject);
	return parseJson ? withParsed(json, summary.text) : json;
}

/** The JSON of a streamed answer: always the assembled text, finish reason, usage and timings. */
export function streamJson(result: AnswerSummary & IDataObject, parseJson: boolean): IDataObject {
	return parseJson ? withParsed(result, result.text) : result;
}
