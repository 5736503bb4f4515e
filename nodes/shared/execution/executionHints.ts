import type { IExecuteFunctions } from 'n8n-workflow';

/** Notices about a run (e.g. "results capped at the page limit"), shown above the node's output. */
export function addOutputHints(context: IExecuteFunctions, messages: string[]): void {
	if (messages.length === 0) return;
	context.addExecutionHints(
		...messages.map((message) => ({ message, location: 'outputPane' as const })),
	);
}
