import { jsonFromText } from '../jsonFromText';
import { isRecord } from '../../../shared/json/isRecord';

/** A label the model gave one item, with its reason. */
export interface Verdict {
	label: string;
	reason: string;
}

/**
 * What a batch answer settles: the items whose id the answer names exactly once with an allowed
 * label, and what was wrong with it otherwise (empty when every item was settled).
 */
export interface BatchReading {
	verdicts: Map<string, Verdict>;
	problems: string[];
}

function entriesOf(value: unknown): unknown[] | undefined {
	if (Array.isArray(value)) return value;
	if (isRecord(value) && Array.isArray(value.results)) return value.results;
	return undefined;
}

const idOf = (entry: Record<string, unknown>) =>
	typeof entry.id === 'string' || typeof entry.id === 'number' ? String(entry.id) : undefined;

const listed = (ids: string[]) =>
	ids.slice(0, 5).join(', ') + (ids.length > 5 ? ` and ${ids.length - 5} more` : '');

/**
 * Reads a model's answer to a batch: JSON (also fenced or amid prose) of the shape
 * `{"results": [{"id", "label", "reason"}]}`. Labels match the allowed ones without regard to case.
 * An id given twice settles nothing (the model contradicts or repeats itself); ids that were not
 * asked about are ignored.
 */
export function readBatchAnswer(text: string, ids: string[], labels: string[]): BatchReading {
	const verdicts = new Map<string, Verdict>();
	const extraction = jsonFromText(text);
	if (!extraction.ok)
		return { verdicts, problems: [`the answer is not JSON (${extraction.error})`] };
	const entries = entriesOf(extraction.value);
	if (!entries) return { verdicts, problems: ['the answer has no "results" list'] };

	const asked = new Set(ids);
	const canonical = new Map(labels.map((label) => [label.toLowerCase(), label]));
	const seen = new Map<string, number>();
	const candidates = new Map<string, Verdict>();
	const badLabels: string[] = [];
	for (const entry of entries) {
		const id = isRecord(entry) ? idOf(entry) : undefined;
		if (id === undefined || !asked.has(id)) continue;
		seen.set(id, (seen.get(id) ?? 0) + 1);
		const record = entry as Record<string, unknown>;
		const label =
			typeof record.label === 'string'
				? canonical.get(record.label.trim().toLowerCase())
				: undefined;
		if (label === undefined) badLabels.push(`${id} (${JSON.stringify(record.label ?? null)})`);
		else
			candidates.set(id, { label, reason: typeof record.reason === 'string' ? record.reason : '' });
	}
	const duplicates = [...seen].filter(([, count]) => count > 1).map(([id]) => id);
	for (const [id, verdict] of candidates) if (seen.get(id) === 1) verdicts.set(id, verdict);

	const problems: string[] = [];
	const missing = ids.filter((id) => !seen.has(id));
	if (missing.length) problems.push(`no entry for item ${listed(missing)}`);
	if (duplicates.length) problems.push(`more than one entry for item ${listed(duplicates)}`);
	if (badLabels.length)
		problems.push(`a label outside ${labels.join(', ')} for item ${listed(badLabels)}`);
	return { verdicts, problems };
}
