/**
 * Side-by-side timing: contenders run in the same rounds, in rotating order, after a warm-up. Ratios are
 * medians of the per-round ratios, which keeps them stable when other processes share the CPU. Each run
 * is timed on the wall clock and in process CPU time (all threads, so parallel GC work is included):
 * on a loaded machine the CPU time is the steadier of the two. No forced GC between runs: V8 then
 * discards the optimized code of JS contenders, which would skew the figures.
 */

export interface Contender {
	name: string;
	run: () => unknown;
}

export type Clock = 'wall' | 'cpu';

export interface Measurement {
	medianMs: (name: string, clock: Clock) => number;
	/** Median over rounds of time(numerator) / time(denominator). */
	medianRatio: (numerator: string, denominator: string, clock: Clock) => number;
}

function median(values: number[]): number {
	const sorted = [...values].sort((left, right) => left - right);
	const middle = sorted.length >> 1;
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function cpuMs(usage: NodeJS.CpuUsage): number {
	return (usage.user + usage.system) / 1000;
}

export function measureSideBySide(
	contenders: Contender[],
	options: { warmupRounds: number; rounds: number },
): Measurement {
	const times = new Map<string, Record<Clock, number[]>>(
		contenders.map((contender) => [contender.name, { wall: [], cpu: [] }]),
	);
	let sink = 0;
	for (let round = 0; round < options.warmupRounds + options.rounds; round++) {
		for (let offset = 0; offset < contenders.length; offset++) {
			const contender = contenders[(round + offset) % contenders.length];
			const cpuBefore = process.cpuUsage();
			const started = performance.now();
			const result = contender.run();
			const wall = performance.now() - started;
			const cpu = cpuMs(process.cpuUsage(cpuBefore));
			sink += result === undefined ? 0 : 1;
			const record = times.get(contender.name);
			if (record && round >= options.warmupRounds) {
				record.wall.push(wall);
				record.cpu.push(cpu);
			}
		}
	}
	if (sink < 0) throw new Error('unreachable: keeps results observable');
	return measurementOf(times);
}

function measurementOf(times: Map<string, Record<Clock, number[]>>): Measurement {
	const timesOf = (name: string, clock: Clock): number[] => {
		const record = times.get(name);
		if (!record) throw new Error(`unknown contender ${name}`);
		return record[clock];
	};
	return {
		medianMs: (name, clock) => median(timesOf(name, clock)),
		medianRatio: (numerator, denominator, clock) => {
			const denominators = timesOf(denominator, clock);
			return median(timesOf(numerator, clock).map((value, round) => value / denominators[round]));
		},
	};
}

export interface AsyncContender {
	name: string;
	run: () => Promise<unknown>;
}

/**
 * measureSideBySide for contenders that wait on I/O: the same rotating rounds, each run awaited.
 * Process CPU time then counts only this process's work, not the server's in another process.
 */
export async function measureSideBySideAsync(
	contenders: AsyncContender[],
	options: { warmupRounds: number; rounds: number },
): Promise<Measurement> {
	const times = new Map<string, Record<Clock, number[]>>(
		contenders.map((contender) => [contender.name, { wall: [], cpu: [] }]),
	);
	for (let round = 0; round < options.warmupRounds + options.rounds; round++) {
		for (let offset = 0; offset < contenders.length; offset++) {
			const contender = contenders[(round + offset) % contenders.length];
			const cpuBefore = process.cpuUsage();
			const started = performance.now();
			await contender.run();
			const wall = performance.now() - started;
			const cpu = cpuMs(process.cpuUsage(cpuBefore));
			const record = times.get(contender.name);
			if (record && round >= options.warmupRounds) {
				record.wall.push(wall);
				record.cpu.push(cpu);
			}
		}
	}
	return measurementOf(times);
}
