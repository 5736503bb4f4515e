import type { Clock } from './clock';
import type { Dataset } from './dataset';
import { arrivalList } from './dataset/arrivals';
import type { Fault, FaultQueue, RateConfig } from './faults';
import type { WritableLedger } from './ledger';
import type { RecordedRequest, SimResponse } from './routes/types';

export interface AdminTarget {
	ledger: WritableLedger;
	requests: RecordedRequest[];
	faults: FaultQueue;
	clock: Clock;
	dataset: Dataset;
	reset(): void;
}

/**
 * Control endpoints for a simulator in another process (no auth):
 * GET /__sim/ledger, GET /__sim/requests, GET /__sim/ids, POST /__sim/reset,
 * POST /__sim/faults (a fault list to queue, a rate config, or `{clear: true}`), POST /__sim/clock/advance `{ms}`,
 * POST /__sim/arrivals `{count, list}` or `{count, endpoint, keyword, business_type?}`, each with an
 * optional `negativeShare` (0 to 1): a spike of `count` new records on one list at the current
 * virtual time, that share of them complaints (see dataset/arrivals.ts); with `lateByMs` (and
 * `writtenAt`, virtual ms, default now) posts written then that the search lists only from
 * `writtenAt + lateByMs`, below the posts listed before; with `titlePhrase` its posts' titles name
 * that phrase instead of the keyword.
 */
export function handleAdmin(
	method: string,
	path: string,
	body: unknown,
	sim: AdminTarget,
): SimResponse {
	const route = `${method} ${path}`;
	try {
		switch (route) {
			case 'GET /__sim/ledger':
				return ok({
					entries: sim.ledger.entries,
					billedCalls: sim.ledger.billedCalls(),
					credits: sim.ledger.credits(),
				});
			case 'GET /__sim/requests':
				return ok(sim.requests);
			case 'GET /__sim/ids':
				return ok(sim.dataset.ids);
			case 'POST /__sim/reset':
				sim.reset();
				return ok({ ok: true });
			case 'POST /__sim/faults':
				return ok(applyFaults(body, sim.faults));
			case 'POST /__sim/clock/advance': {
				const ms = (body as { ms?: unknown } | undefined)?.ms;
				sim.clock.advance(typeof ms === 'number' ? ms : NaN);
				return ok({ now: sim.clock.now() });
			}
			case 'POST /__sim/arrivals':
				return ok(applySpike(body, sim.dataset));
			default:
				return { status: 404, body: { code: 404, message: `Unknown admin endpoint: ${route}` } };
		}
	} catch (error) {
		return { status: 400, body: { code: 400, message: (error as Error).message } };
	}
}

function applyFaults(body: unknown, faults: FaultQueue) {
	if (Array.isArray(body)) faults.queue(...(body as Fault[]));
	else if (body && typeof body === 'object' && 'rate' in body) faults.setRate(body as RateConfig);
	else if (body && typeof body === 'object' && (body as { clear?: unknown }).clear === true)
		faults.clear();
	else
		throw new TypeError(
			'body must be a list of faults, a rate config {rate, kinds?, seed?, endpoint?} or {clear: true}',
		);
	return { pending: faults.pending.length };
}

function applySpike(body: unknown, dataset: Dataset) {
	const spike = (body ?? {}) as {
		count?: unknown;
		list?: unknown;
		endpoint?: unknown;
		keyword?: unknown;
		business_type?: unknown;
		negativeShare?: unknown;
		writtenAt?: unknown;
		lateByMs?: unknown;
		titlePhrase?: unknown;
	};
	const optionalNumber = (value: unknown) =>
		value === undefined ? undefined : typeof value === 'number' ? value : NaN;
	const list =
		typeof spike.list === 'string'
			? spike.list
			: arrivalList(
					String(spike.endpoint),
					typeof spike.keyword === 'string' ? spike.keyword : '',
					typeof spike.business_type === 'string' ? spike.business_type : undefined,
				);
	return dataset.spike(
		list,
		typeof spike.count === 'number' ? spike.count : NaN,
		optionalNumber(spike.negativeShare) ?? 0,
		{
			writtenAt: optionalNumber(spike.writtenAt),
			lateByMs: optionalNumber(spike.lateByMs),
			// Anything but a text is refused by the dataset, as a number is checked there.
			titlePhrase: spike.titlePhrase as string | undefined,
		},
	);
}

const ok = (body: unknown): SimResponse => ({ status: 200, body });
