import type {
	EndpointDescriptor,
	NewestFirstEndpoint,
	TriggerEventDescriptor,
} from '../descriptor';
import { ENDPOINTS, isNewestFirst } from '../descriptor';

/** What the trigger can watch: an endpoint's newest-first list, as the descriptor names its event. */
export interface TriggerEvent extends TriggerEventDescriptor {
	endpoint: NewestFirstEndpoint;
}

/** Every newest-first list that names a trigger event, in the Event dropdown's order (by name). */
export function triggerEventsOf(endpoints: EndpointDescriptor[]): TriggerEvent[] {
	return endpoints
		.filter(isNewestFirst)
		.flatMap((endpoint) => {
			const event = endpoint.newestFirst.triggerEvent;
			return event ? [{ ...event, endpoint }] : [];
		})
		.sort((a, b) => a.name.localeCompare(b.name));
}

export const TRIGGER_EVENTS: TriggerEvent[] = triggerEventsOf(ENDPOINTS);

export function findTriggerEvent(value: string): TriggerEvent | undefined {
	return TRIGGER_EVENTS.find((event) => event.value === value);
}

/**
 * Fields the trigger's pager owns (cursors, page counters, search sessions) or that only position
 * a page: never offered, never taken from the user.
 */
export function pagerOwnedFields(event: TriggerEvent): Set<string> {
	const pagination = event.endpoint.pagination;
	const owned = new Set<string>(['offset']);
	for (const carry of [...(pagination?.cursors ?? []), ...(pagination?.sticky ?? [])])
		owned.add(carry.field);
	if (pagination?.counter) owned.add(pagination.counter.field);
	return owned;
}
