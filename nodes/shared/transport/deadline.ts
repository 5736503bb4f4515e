import { sleep } from 'n8n-workflow';

export class DeadlineExpired extends Error {
	constructor() {
		super('The deadline passed');
		this.name = 'DeadlineExpired';
	}
}

const EXPIRED = Symbol('expired');
/** The reason a wake-up is called off: given, so aborting builds no DOMException. */
const CALLED_OFF = new Error('Deadline clock: wake-up called off');

/**
 * One timer for every running Deadline: a sleep until the earliest one is due. A call starts and
 * clears a deadline, and a timer each (an AbortController, its listener and the abort's exception)
 * cost a measurable share of a small call; deadlines that end before they are due, the usual case,
 * now cost a set entry. The timer is called off when no deadline runs, so none outlives its work.
 */
class DeadlineClock {
	private readonly running = new Set<Deadline>();

	private wake: { at: number; callOff: AbortController } | undefined;

	start(deadline: Deadline): void {
		this.running.add(deadline);
		if (this.wake === undefined || deadline.dueAt < this.wake.at) this.wakeAt(deadline.dueAt);
	}

	stop(deadline: Deadline): void {
		if (this.running.delete(deadline) && this.running.size === 0) this.callOffWake();
	}

	private wakeAt(at: number): void {
		this.callOffWake();
		const wake = { at, callOff: new AbortController() };
		this.wake = wake;
		sleep(Math.max(0, at - performance.now()), wake.callOff.signal).then(
			() => this.tick(wake),
			() => undefined,
		);
	}

	private callOffWake(): void {
		this.wake?.callOff.abort(CALLED_OFF);
		this.wake = undefined;
	}

	/** Expires what is due (the timer's clock may run a little behind), then sleeps until the next. */
	private tick(wake: NonNullable<DeadlineClock['wake']>): void {
		if (this.wake !== wake) return;
		this.wake = undefined;
		const now = Math.max(performance.now(), wake.at);
		let next = Infinity;
		for (const deadline of this.running) {
			if (deadline.dueAt <= now) {
				this.running.delete(deadline);
				deadline.expire();
			} else next = Math.min(next, deadline.dueAt);
		}
		if (next !== Infinity) this.wakeAt(next);
	}
}

const clock = new DeadlineClock();

/**
 * A wall-clock limit for one attempt. n8n's request helper only bounds silence (its `timeout`) and
 * replaces the caller's abort signal with the execution's, so the pack races the work against this.
 */
export class Deadline {
	readonly dueAt: number;

	private passed = false;

	private reach!: (expired: typeof EXPIRED) => void;

	/** Settles only when the deadline passes, so a race is otherwise decided by the work alone. */
	private readonly reached = new Promise<typeof EXPIRED>((resolve) => (this.reach = resolve));

	constructor(readonly ms: number) {
		this.dueAt = performance.now() + ms;
		clock.start(this);
	}

	get expired(): boolean {
		return this.passed;
	}

	/** Called by the clock once the deadline is due. */
	expire(): void {
		this.passed = true;
		this.reach(EXPIRED);
	}

	/** The work's result, or DeadlineExpired; a result that comes too late goes to `discardLate`. */
	async race<T>(work: Promise<T>, discardLate?: (late: T) => void): Promise<T> {
		const outcome = await Promise.race([work, this.reached]);
		if (outcome !== EXPIRED) return outcome as T;
		work.then(discardLate, () => undefined);
		throw new DeadlineExpired();
	}

	clear(): void {
		clock.stop(this);
	}
}
