import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gcFunction = runInNewContext('gc') as () => void;

/** A full garbage collection, also without --expose-gc on the command line. */
export function collectGarbage(): void {
	gcFunction();
	gcFunction();
}

/** What the process holds for JavaScript: the V8 heap plus memory outside it (Buffers, ArrayBuffers). */
export function jsMemoryBytes(): number {
	// The same figures as process.memoryUsage() heapUsed + external, without its read of the process RSS.
	const { used_heap_size: heapUsed, external_memory: external } = getHeapStatistics();
	return heapUsed + external;
}

export interface MemorySampler {
	/** Highest jsMemoryBytes() seen since start, including the current value. */
	stop(): number;
}

/**
 * Samples jsMemoryBytes() every `intervalMs` while the event loop is free, i.e. between the awaited
 * calls of a run (the highest point of a run waiting on I/O is reached between two answers).
 */
export function sampleMemory(intervalMs: number): MemorySampler {
	let peak = jsMemoryBytes();
	const timer = setInterval(() => {
		peak = Math.max(peak, jsMemoryBytes());
	}, intervalMs);
	return {
		stop: () => {
			clearInterval(timer);
			return Math.max(peak, jsMemoryBytes());
		},
	};
}
