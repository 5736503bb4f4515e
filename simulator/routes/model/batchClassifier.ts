import { isRecord } from '../../objectPaths';
import { sentimentOf, type Prompt } from './sentiment';

/**
 * The simulated model's answer to a batched classification prompt (what the Model Gateway's
 * Classify in Batches operation sends): the last user message is the JSON
 * `{"labels": [...], "items": [{"id": "...", "text": "..."}]}` and the answer is
 * `{"results": [{"id", "label", "reason"}]}`, one entry per item in the order given.
 *
 * Labels: when the allowed labels include the sentiment an item's wording shows (see replies.ts),
 * that one; else the first label named in the item's text; else the first label. An item whose
 * text contains `[sim:unclassifiable]` gets the label "unsure", which no caller allows: its batch
 * answer is malformed every time (tests of retry, split and "unclassified").
 */

export const UNCLASSIFIABLE_MARK = '[sim:unclassifiable]';

interface BatchItem {
	id: string;
	text: string;
}

interface BatchRequest {
	labels: string[];
	items: BatchItem[];
}

function readBatchRequest(text: string): BatchRequest | undefined {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return undefined;
	}
	if (!isRecord(value) || !Array.isArray(value.labels) || !Array.isArray(value.items))
		return undefined;
	const labels = value.labels.filter(
		(label): label is string => typeof label === 'string' && label !== '',
	);
	const items = value.items.filter(
		(item): item is BatchItem =>
			isRecord(item) && typeof item.id === 'string' && typeof item.text === 'string',
	);
	if (labels.length === 0 || items.length !== value.items.length) return undefined;
	return { labels, items };
}

function labelOf(text: string, labels: string[]): { label: string; reason: string } {
	if (text.includes(UNCLASSIFIABLE_MARK))
		return { label: 'unsure', reason: 'The simulated model cannot decide' };
	const { sentiment, reason } = sentimentOf(text);
	if (labels.includes(sentiment)) return { label: sentiment, reason };
	const named = labels.find((label) => text.toLowerCase().includes(label.toLowerCase()));
	if (named) return { label: named, reason: `The text names "${named}"` };
	return { label: labels[0], reason: 'Nothing points to another label' };
}

/** The JSON answer to a batched classification prompt, or undefined when the prompt is not one. */
export function batchClassificationReply(prompt: Prompt): string | undefined {
	const request = readBatchRequest(prompt.lastUser.trim());
	if (!request) return undefined;
	const results = request.items.map((item) => ({
		id: item.id,
		...labelOf(item.text, request.labels),
	}));
	return JSON.stringify({ results });
}
