import type { INodeExecutionData, IRun } from 'n8n-workflow';
import type { HarnessLogRecord, WorkflowRun } from './types';

/**
 * The engine stores errors as plain copies (`{ ...error, message, stack }`), so the class is lost;
 * this gives back an Error with every copied field (name, description, context, httpCode, ...).
 */
function asError(stored: unknown): Error | undefined {
	if (stored === undefined || stored === null) return undefined;
	if (stored instanceof Error) return stored;
	const fields = stored as Record<string, unknown>;
	return Object.assign(new Error(String(fields.message ?? 'Unknown error')), fields);
}

export function createWorkflowRun(
	run: IRun,
	executedNodes: string[],
	logs: HarnessLogRecord[],
): WorkflowRun {
	const { runData } = run.data.resultData;

	const outputOf = (nodeName: string, outputIndex = 0): INodeExecutionData[] => {
		const taskRuns = runData[nodeName];
		if (!taskRuns) {
			const workflowError = run.data.resultData.error?.message;
			throw new Error(
				`Node "${nodeName}" did not run (ran: ${executedNodes.join(', ') || 'none'}` +
					(workflowError ? `; workflow error: ${workflowError})` : ')'),
			);
		}
		return taskRuns.flatMap((task) => task.data?.main?.[outputIndex] ?? []);
	};

	const errorOf = (nodeName?: string): Error | undefined => {
		if (nodeName !== undefined) {
			const failedTask = runData[nodeName]?.find((task) => task.error);
			return asError(failedTask?.error);
		}
		return asError(run.data.resultData.error);
	};

	return { run, outputOf, errorOf, executedNodes, logs };
}
