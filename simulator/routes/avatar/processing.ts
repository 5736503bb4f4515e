import type { AssetRecord, AvatarStore, ProcessingPlan } from './store';
import { DEFAULT_FAILURE } from './store';
import { invalidParameter } from './answers';

/**
 * The plan of a new upload: hints in the asset URL's query (`sim_outcome=Active|Failed|Never`,
 * `sim_polls=<n>`, `sim_ms=<n>`; usable from another process), else the next queued plan, else the default.
 */
export function planFor(store: AvatarStore, url: URL): ProcessingPlan {
	const hints = url.searchParams;
	const hinted = ['sim_outcome', 'sim_polls', 'sim_ms'].some((key) => hints.has(key));
	if (!hinted) return { ...(store.queuedPlans.shift() ?? store.defaultPlan) };

	const plan: ProcessingPlan = { ...store.defaultPlan };
	const outcome = hints.get('sim_outcome');
	if (outcome === 'Never') {
		delete plan.afterPolls;
		delete plan.afterMs;
	} else if (outcome === 'Active' || outcome === 'Failed') {
		plan.outcome = outcome;
	} else if (outcome !== null) {
		throw invalidParameter(`sim_outcome must be Active, Failed or Never; got "${outcome}"`);
	}
	for (const [key, field] of [
		['sim_polls', 'afterPolls'],
		['sim_ms', 'afterMs'],
	] as const) {
		const value = hints.get(key);
		if (value === null) continue;
		const number = Number(value);
		if (!Number.isInteger(number) || number < 0)
			throw invalidParameter(`${key} must be a whole number; got "${value}"`);
		plan[field] = number;
		if (key === 'sim_ms' && !hints.has('sim_polls')) delete plan.afterPolls;
	}
	return plan;
}

/** Moves an asset out of Processing once its plan says so; `poll` counts a status request. */
export function settle(record: AssetRecord, nowMs: number, poll: boolean, stamp: number): void {
	if (record.asset.Status !== 'Processing') return;
	if (poll) record.polls++;
	const { plan } = record;
	const byPolls = plan.afterPolls !== undefined && record.polls >= plan.afterPolls;
	const byTime = plan.afterMs !== undefined && nowMs - record.createdAtMs >= plan.afterMs;
	if (!byPolls && !byTime) return;
	record.asset.Status = plan.outcome;
	record.asset.UpdateTime = stamp;
	if (plan.outcome !== 'Failed') return;
	if (plan.failureFields) Object.assign(record.asset, structuredClone(plan.failureFields));
	else record.asset.Error = { ...(plan.error ?? DEFAULT_FAILURE) };
}
