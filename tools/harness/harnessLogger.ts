import { AsyncLocalStorage } from 'node:async_hooks';
import { inspect } from 'node:util';
import type { Logger } from 'n8n-workflow';
import type { HarnessLogLevel, HarnessLogRecord } from './types';

const currentRunLogs = new AsyncLocalStorage<HarnessLogRecord[]>();

/** Set HARNESS_LOG=1 to also print what runs log. */
const echoToConsole = Boolean(process.env.HARNESS_LOG);

function record(level: HarnessLogLevel, message: string, metadata?: unknown): void {
	const hasMetadata =
		metadata !== undefined &&
		!(typeof metadata === 'object' && metadata !== null && Object.keys(metadata).length === 0);
	const text = hasMetadata
		? `${message} ${inspect(metadata, { depth: 6, breakLength: Infinity })}`
		: message;
	// Outside a run (engine set-up) there is no sink: those lines are dropped.
	currentRunLogs.getStore()?.push({ level, message, text });
	if (echoToConsole) console.log(`[harness ${level}] ${text}`);
}

/**
 * Stands in for n8n's winston Logger (`this.logger` in nodes) and for LoggerProxy (the engine).
 * Lines go to the run they belong to, found through the async context, so parallel runs don't mix.
 */
export const harnessLogger: Logger & { scoped(): Logger } = {
	error: (message, metadata) => record('error', message, metadata),
	warn: (message, metadata) => record('warn', message, metadata),
	info: (message, metadata) => record('info', message, metadata),
	debug: (message, metadata) => record('debug', message, metadata),
	scoped: () => harnessLogger,
};

export async function collectLogs<T>(
	records: HarnessLogRecord[],
	run: () => Promise<T>,
): Promise<T> {
	return await currentRunLogs.run(records, run);
}
