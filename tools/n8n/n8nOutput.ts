/** Shapes of the run data `n8n execute --rawOutput` prints (n8n's IRun), as far as the runner reads them. */
export interface ExecutionItem {
	json: Record<string, unknown>;
	binary?: Record<string, unknown>;
	pairedItem?: unknown;
	error?: unknown;
}

export interface NodeRun {
	startTime?: number;
	executionTime?: number;
	executionStatus?: string;
	data?: { main?: Array<ExecutionItem[] | null> };
	error?: { message?: string; description?: string; [key: string]: unknown };
	/** Execution hints the node added (`addExecutionHints`). */
	hints?: Array<{ message: string; location?: string }>;
}

export interface ExecutionError {
	message?: string;
	description?: string;
	node?: { name?: string; type?: string };
	[key: string]: unknown;
}

export interface RunOutput {
	status?: string;
	finished?: boolean;
	data: {
		resultData: {
			runData: Record<string, NodeRun[]>;
			lastNodeExecuted?: string;
			error?: ExecutionError;
		};
	};
}

interface JsonLogLine {
	level?: string;
	message?: unknown;
}

function isRunOutput(value: unknown): value is RunOutput {
	const data = (value as RunOutput | null)?.data;
	return typeof data === 'object' && data !== null && typeof data.resultData?.runData === 'object';
}

/** Parses stdout of n8n with N8N_LOG_FORMAT=json: every log line is JSON and the run data is one message. */
export function parseLogLines(stdout: string): JsonLogLine[] {
	const lines: JsonLogLine[] = [];
	for (const line of stdout.split('\n')) {
		const trimmed = line.trim();
		if (!trimmed.startsWith('{')) continue;
		try {
			lines.push(JSON.parse(trimmed) as JsonLogLine);
		} catch {
			// Not a log line (a library writing to stdout directly); ignore it.
		}
	}
	return lines;
}

/** The run data printed by `n8n execute`: on success with --rawOutput, and as an info line on failure. */
export function findRunOutput(stdout: string): RunOutput | undefined {
	let found: RunOutput | undefined;
	for (const line of parseLogLines(stdout)) {
		if (typeof line.message !== 'string' || !line.message.trimStart().startsWith('{')) continue;
		try {
			const parsed: unknown = JSON.parse(line.message);
			if (isRunOutput(parsed)) found = parsed;
		} catch {
			// A message that merely starts with a brace.
		}
	}
	return found;
}

/** Messages of error-level log lines, for failure reports. */
export function errorMessages(stdout: string): string[] {
	return parseLogLines(stdout)
		.filter((line) => line.level === 'error' && typeof line.message === 'string')
		.map((line) => String(line.message).trim())
		.filter((message) => message.length > 0);
}

/** Items of one output of a node's run (the last run unless runIndex is given). */
export function nodeItems(
	output: RunOutput,
	nodeName: string,
	outputIndex = 0,
	runIndex?: number,
): ExecutionItem[] {
	const runs = output.data.resultData.runData[nodeName];
	if (!runs || runs.length === 0) throw new Error(`node "${nodeName}" did not run`);
	const run = runs[runIndex ?? runs.length - 1];
	return run?.data?.main?.[outputIndex] ?? [];
}

export function lastNodeName(output: RunOutput): string | undefined {
	return output.data.resultData.lastNodeExecuted;
}

/** Per node: each run's status, error and the json of the items on every output. */
export function summarizeAllNodes(output: RunOutput): Record<string, unknown[]> {
	const summary: Record<string, unknown[]> = {};
	for (const [name, runs] of Object.entries(output.data.resultData.runData)) {
		summary[name] = runs.map((run) => ({
			executionStatus: run.executionStatus,
			...(run.error
				? { error: { message: run.error.message, description: run.error.description } }
				: {}),
			outputs: (run.data?.main ?? []).map((items) => (items ?? []).map((item) => item.json)),
		}));
	}
	return summary;
}
