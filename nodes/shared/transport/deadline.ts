import { sleep } from 'n8n-workflow';

export class DeadlineExpired extends Error {
	constructor() {
		super('The deadline passed');
		this.name = 'DeadlineExpired';
	}
}

/**
 * A wall-clock limit for one attempt. n8n's request helper only bounds silence (its `timeout`) and
 * replaces the caller's abort signal with the execution's, so the pack races the work against this.
 */
export class Deadline {
	private readonly stopTimer = new AbortController();

	private readonly reached: Promise<void>;

	private passed = false;

	constructor(readonly ms: number) {
		this.reached = sleep(ms, this.stopTimer.signal).then(
			() => {
				this.passed = true;
			},
			// Cleared before it fired: never settles, so a race is decided by the work alone.
			async () => await new Promise<void>(() => {}),
		);
	}

	get expired(): boolean {
		return this.passed;
	}

	/** The work's result, or DeadlineExpired; a result that comes too late goes to `discardLate`. */
	async race<T>(work: Promise<T>, discardLate?: (late: T) => void): Promise<T> {
		const outcome = await Promise.race([
			work.then((value) => ({ value })),
			this.reached.then(() => undefined),
		]);
		if (outcome !== undefined) return outcome.value;
		work.then(discardLate, () => undefined);
		throw new DeadlineExpired();
	}

	clear(): void {
		this.stopTimer.abort();
	}
}
