import { mulberry32 } from './dataset/random';
import { MODEL_ANSWER_FAULTS, type ModelAnswerFault } from './routes/model/answerFaults';
import type { WireFault } from './wire';

export type FaultStatus = 429 | 500 | 502 | 503 | 504;

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

/** Where a redirect fault sends the client: `to` is an origin (or base URL) the request's path is appended to. */
export interface RedirectFault {
	to: string;
	/** 307 when omitted. */
	status?: RedirectStatus;
}

/**
 * What replaces or disturbs one answer. Combine `delayMs` with any other kind; a fault with only
 * `delayMs` delays the normal answer. `endpoint` limits a fault to one run endpoint (full path or
 * its last segment, e.g. `fetch_one_video`) or one HTTP path.
 */
export interface Fault {
	endpoint?: string;
	status?: FaultStatus;
	retryAfterSeconds?: number;
	/** Destroy the socket without answering. */
	reset?: boolean;
	/** Send the headers and half the body, then cut the connection. */
	truncate?: boolean;
	/** A 502 HTML error page from a front proxy. */
	html?: boolean;
	/**
	 * The key's credit balance or quota is used up: the service refuses the call before the work,
	 * unbilled, the way each interface says it (see quotaRefusal.ts).
	 */
	quota?: boolean;
	/**
	 * Answer with a redirect to another server (after the key was checked): Location is `to` plus
	 * the request's path and query, without the `key` parameter, so the key reaches the other
	 * server only if the client sends it there itself.
	 */
	redirect?: RedirectFault;
	/**
	 * With `status`: the service does the work and bills it, then a front proxy answers with the
	 * status instead (the client cannot tell that the work was done).
	 */
	afterWork?: boolean;
	/** The real answer (or the status fault's), disturbed on the wire; the billing stays. */
	wire?: WireFault;
	/**
	 * The answer the route built goes out (a 200, billed as usual) with these fields of the run
	 * answer's `data` set: quirks of a real service's answers. Alone, or with `delayMs`.
	 */
	data?: Record<string, unknown>;
	/** A model answers 200 with text that is not the structured output asked for (see routes/model/answerFaults.ts). */
	modelAnswer?: ModelAnswerFault;
	delayMs?: number;
}

export type FaultKind =
	| '429'
	| '500'
	| '502'
	| '503'
	| '504'
	| 'reset'
	| 'truncate'
	| 'html'
	| 'quota';

export interface RateConfig {
	/** Probability 0..1 that a request gets a fault. */
	rate: number;
	/** Faults to draw from; all kinds but `quota` when omitted. */
	kinds?: Array<FaultKind | Fault>;
	seed?: number;
	endpoint?: string;
}

export interface FaultControl {
	queue(...faults: Fault[]): void;
	setRate(config: RateConfig): void;
	clear(): void;
	/** Queued faults not used yet. */
	readonly pending: readonly Fault[];
}

export interface FaultTarget {
	endpoint?: string;
	path: string;
}

export interface FaultQueue extends FaultControl {
	/** The fault for this request, if any; a queued one is used up. */
	take(target: FaultTarget): Fault | undefined;
}

const ALL_KINDS: FaultKind[] = ['429', '500', '502', '503', '504', 'reset', 'truncate', 'html'];
const STATUSES = new Set([429, 500, 502, 503, 504]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function createFaults(): FaultQueue {
	const queued: Fault[] = [];
	let rate: { config: RateConfig; kinds: Fault[]; random: () => number } | undefined;
	return {
		pending: queued,
		queue(...faults) {
			for (const fault of faults) queued.push(checkFault(fault));
		},
		setRate(config) {
			if (!(typeof config.rate === 'number' && config.rate >= 0 && config.rate <= 1))
				throw new TypeError('rate must be a number from 0 to 1');
			const kinds = (config.kinds ?? ALL_KINDS).map((kind) =>
				typeof kind === 'string' ? faultOfKind(kind) : checkFault(kind),
			);
			if (kinds.length === 0) throw new TypeError('kinds must not be empty');
			rate = { config, kinds, random: mulberry32(config.seed ?? 1) };
		},
		clear() {
			queued.splice(0, queued.length);
			rate = undefined;
		},
		take(target) {
			const index = queued.findIndex((fault) => matches(fault.endpoint, target));
			if (index >= 0) return queued.splice(index, 1)[0];
			if (rate && matches(rate.config.endpoint, target) && rate.random() < rate.config.rate) {
				return rate.kinds[Math.floor(rate.random() * rate.kinds.length)];
			}
			return undefined;
		},
	};
}

/** Short name of a fault for the ledger and the request log. */
export function describeFault(fault: Fault): string {
	if (fault.reset) return 'reset';
	if (fault.truncate) return 'truncate';
	if (fault.html) return 'html';
	if (fault.quota) return 'quota';
	if (fault.redirect) return `redirect ${fault.redirect.status ?? 307}`;
	if (fault.data) return `data ${Object.keys(fault.data).join('+')}`;
	if (fault.modelAnswer) return `model answer ${fault.modelAnswer}`;
	if (fault.status) return fault.afterWork ? `${fault.status} after work` : String(fault.status);
	if (fault.wire) return `wire ${Object.keys(fault.wire).join('+')}`;
	return 'delay';
}

/** A fault that only delays or disturbs the wire, or comes after the work, leaves the billing intact. */
export function isDelayOnly(fault: Fault): boolean {
	if (fault.afterWork) return true;
	return (
		!fault.reset &&
		!fault.truncate &&
		!fault.html &&
		!fault.quota &&
		!fault.redirect &&
		fault.status === undefined
	);
}

/** A status, html, quota or redirect fault that answers in place of the route (before any work). */
export function answersBeforeWork(fault: Fault): boolean {
	return (
		!fault.afterWork &&
		(fault.status !== undefined || !!fault.html || !!fault.quota || !!fault.redirect)
	);
}

function matches(filter: string | undefined, target: FaultTarget): boolean {
	if (!filter) return true;
	if (filter === target.path || filter === target.endpoint) return true;
	return target.endpoint !== undefined && target.endpoint.endsWith('/' + filter);
}

function faultOfKind(kind: FaultKind): Fault {
	if (kind === 'reset' || kind === 'truncate' || kind === 'html' || kind === 'quota')
		return { [kind]: true };
	const status = Number(kind);
	if (!STATUSES.has(status)) throw new TypeError(`unknown fault kind: ${kind}`);
	return { status: status as FaultStatus };
}

function checkFault(fault: Fault): Fault {
	if (fault === null || typeof fault !== 'object') throw new TypeError('a fault must be an object');
	if (fault.status !== undefined && !STATUSES.has(fault.status))
		throw new TypeError(`fault status must be one of ${[...STATUSES].join(', ')}`);
	if (fault.delayMs !== undefined && !(fault.delayMs >= 0))
		throw new TypeError('delayMs must be a non-negative number');
	if (fault.retryAfterSeconds !== undefined && !(fault.retryAfterSeconds >= 0))
		throw new TypeError('retryAfterSeconds must be a non-negative number');
	if (fault.redirect !== undefined) checkRedirect(fault.redirect);
	if (fault.modelAnswer !== undefined && !MODEL_ANSWER_FAULTS.includes(fault.modelAnswer)) {
		throw new TypeError(`modelAnswer must be one of ${MODEL_ANSWER_FAULTS.join(', ')}`);
	}
	const kinds = [
		fault.status !== undefined,
		!!fault.reset,
		!!fault.truncate,
		!!fault.html,
		!!fault.quota,
		!!fault.redirect,
	].filter(Boolean).length;
	if (kinds > 1)
		throw new TypeError(
			'a fault has at most one of status, reset, truncate, html, quota, redirect',
		);
	if (fault.data !== undefined) {
		if (fault.data === null || typeof fault.data !== 'object' || Array.isArray(fault.data))
			throw new TypeError('data must be an object of fields');
		if (kinds > 0) throw new TypeError('a data fault goes alone (with delayMs at most)');
		return { ...fault };
	}
	if (
		kinds === 0 &&
		fault.delayMs === undefined &&
		fault.wire === undefined &&
		fault.modelAnswer === undefined
	) {
		throw new TypeError(
			'a fault needs status, reset, truncate, html, quota, redirect, wire, modelAnswer or delayMs',
		);
	}
	if (fault.afterWork && fault.status === undefined)
		throw new TypeError('afterWork goes with a status');
	return { ...fault };
}

function checkRedirect(redirect: RedirectFault): void {
	if (redirect === null || typeof redirect !== 'object')
		throw new TypeError('redirect must be an object {to, status?}');
	let to: URL;
	try {
		to = new URL(String(redirect.to));
	} catch {
		throw new TypeError('redirect.to must be an absolute http(s) URL');
	}
	if (to.protocol !== 'http:' && to.protocol !== 'https:')
		throw new TypeError('redirect.to must be an absolute http(s) URL');
	if (redirect.status !== undefined && !REDIRECT_STATUSES.has(redirect.status)) {
		throw new TypeError(`redirect.status must be one of ${[...REDIRECT_STATUSES].join(', ')}`);
	}
}
