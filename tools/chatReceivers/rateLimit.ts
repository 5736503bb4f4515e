/** A limit of `count` accepted messages per `windowMs`, per bot, over a sliding window. */
export interface RateLimit {
	count: number;
	windowMs: number;
}

/** Remembers when each bot accepted a message; refused messages do not count. */
export class RateLimiter {
	private readonly sent = new Map<string, number[]>();

	constructor(private readonly limits: RateLimit[]) {}

	/** True when one more message for `bot` at `now` stays within every limit. */
	allows(bot: string, now: number): boolean {
		const times = this.sent.get(bot) ?? [];
		return this.limits.every(
			(limit) => times.filter((time) => time > now - limit.windowMs).length < limit.count,
		);
	}

	record(bot: string, now: number): void {
		const longest = Math.max(...this.limits.map((limit) => limit.windowMs));
		const times = (this.sent.get(bot) ?? []).filter((time) => time > now - longest);
		times.push(now);
		this.sent.set(bot, times);
	}

	reset(): void {
		this.sent.clear();
	}
}
