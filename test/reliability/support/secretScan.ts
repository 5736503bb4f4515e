import type { WorkflowRun } from '../../../tools/harness';

/**
 * Forms of a secret worth looking for: as it is, URL-encoded, and each half (a message cut to a
 * snippet can carry part of a key). Halves shorter than 8 characters would match too much.
 */
export function secretForms(secret: string): string[] {
	const half = Math.floor(secret.length / 2);
	const forms = [secret, encodeURIComponent(secret), secret.slice(0, half), secret.slice(half)];
	return [...new Set(forms.filter((form) => form.length >= 8))];
}

function describeError(error: Error | undefined): Record<string, string> {
	if (!error) return {};
	const record = error as Error & { description?: unknown; context?: unknown };
	return {
		'error.message': String(error.message),
		'error.description': String(record.description ?? ''),
		'error.context': JSON.stringify(record.context ?? {}),
		'error.stack': String(error.stack ?? ''),
		'error (own fields)': JSON.stringify({ ...error }),
	};
}

/**
 * Where a secret shows up in what a run left behind: output items, the engine's stored run (items,
 * errors, hints), the errors handed back, and every log line. Empty when nothing leaked.
 */
export function secretLeaks(run: WorkflowRun, secret: string): string[] {
	const places: Record<string, string> = {
		'the run (items, errors, hints)': JSON.stringify(run.run),
		...describeError(run.errorOf()),
	};
	for (const name of new Set(run.executedNodes)) {
		for (const [key, text] of Object.entries(describeError(run.errorOf(name))))
			places[`${name}: ${key}`] = text;
	}
	run.logs.forEach((line, index) => (places[`log line ${index} (${line.level})`] = line.text));
	const leaks: string[] = [];
	for (const [place, text] of Object.entries(places)) {
		for (const form of secretForms(secret))
			if (text.includes(form)) leaks.push(`${place} contains "${form}"`);
	}
	return leaks;
}
