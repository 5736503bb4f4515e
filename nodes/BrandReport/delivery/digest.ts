import type { HeldAlert } from './heldAlert';
import type { Route, Routes } from './routes';
import { alertRoute } from './routes';

/** The held alerts of one route: the digest that goes there. */
export interface DigestGroup {
	route: Route;
	alerts: HeldAlert[];
}

const spikeKey = (alert: HeldAlert) =>
	`${alert.spike.brand}\u0001${alert.spike.label}\u0001${alert.spikeStart}`;

/**
 * Each spike once (the same spike held twice keeps its latest window, and its e-mail waits if
 * either's did), in the order the spikes began, then by brand.
 */
export function eachSpikeOnce(alerts: HeldAlert[]): HeldAlert[] {
	const bySpike = new Map<string, HeldAlert>();
	for (const alert of alerts) {
		const seen = bySpike.get(spikeKey(alert));
		if (!seen) {
			bySpike.set(spikeKey(alert), alert);
			continue;
		}
		const later =
			Date.parse(alert.spike.windowEnd) > Date.parse(seen.spike.windowEnd) ? alert : seen;
		bySpike.set(spikeKey(alert), { ...later, emailHeld: seen.emailHeld || alert.emailHeld });
	}
	return [...bySpike.values()].sort(
		(a, b) =>
			Date.parse(a.spikeStart) - Date.parse(b.spikeStart) ||
			a.spike.brand.localeCompare(b.spike.brand),
	);
}

/** The held alerts grouped by where their brands route alerts now: one digest per route. */
export function digestGroups(routes: Routes, alerts: HeldAlert[]): DigestGroup[] {
	const groups = new Map<string, DigestGroup>();
	for (const alert of eachSpikeOnce(alerts)) {
		const route = alertRoute(routes, alert.spike.brand);
		const key = JSON.stringify(route);
		const group = groups.get(key) ?? { route, alerts: [] };
		group.alerts.push(alert);
		groups.set(key, group);
	}
	return [...groups.values()];
}
