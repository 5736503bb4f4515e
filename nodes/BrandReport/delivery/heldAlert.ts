import type { IDataObject } from 'n8n-workflow';
import { InputError } from '../../shared/execution/inputError';
import { isRecord } from '../../shared/json/isRecord';
import { timeOf } from '../actions/timeValue';
import type { StoredMention } from '../render/mention';
import type { AlertSpike } from '../render/spike';
import { readSpike } from '../render/spike';

/** Posts a held alert keeps for its digest: the digest lists each spike with its first few. */
export const HELD_MENTIONS = 5;

/** The columns of the held-alerts Data Table (`brand_held_alerts`), one row per alert that waits. */
export const HELD_COLUMNS = {
	brand: 'string',
	label: 'string',
	spikeStart: 'string',
	windowStart: 'string',
	windowEnd: 'string',
	count: 'number',
	baselinePerWindow: 'number',
	threshold: 'number',
	heldAt: 'string',
	emailHeld: 'boolean',
	mentions: 'string',
} as const;

/** A held alert read back from the Data Table: its spike, and whether its e-mail waits too. */
export interface HeldAlert {
	/** The Data Table's row id (0 when the row came from elsewhere). */
	id: number;
	spike: AlertSpike;
	spikeStart: string;
	heldAt: number;
	emailHeld: boolean;
}

/** A mention as the history keeps it: without the time Build Alert computed from it. */
function asStoredRow(mention: StoredMention): IDataObject {
	const row: IDataObject = { ...mention };
	delete row.seenAt;
	return row;
}

/** The row that keeps an alert while it waits: the spike's figures and its most engaged posts. */
export function heldRow(
	spike: AlertSpike,
	spikeStart: string,
	heldAt: number,
	emailHeld: boolean,
): IDataObject {
	return {
		brand: spike.brand,
		label: spike.label,
		spikeStart,
		windowStart: spike.windowStart,
		windowEnd: spike.windowEnd,
		count: spike.count,
		baselinePerWindow: spike.baselinePerWindow,
		threshold: spike.threshold,
		heldAt: new Date(heldAt).toISOString(),
		emailHeld,
		mentions: JSON.stringify(spike.mentions.slice(0, HELD_MENTIONS).map(asStoredRow)),
	};
}

const refuse = (field: string, problem: string) =>
	InputError.about({ name: field, displayName: field }, problem);

/** A date column comes back from the Data Table as a Date or ISO text: ISO text either way. */
function isoText(row: Record<string, unknown>, field: string): string {
	const time = timeOf(row[field]);
	if (!Number.isFinite(time))
		throw refuse(field, `must be an ISO date; got ${JSON.stringify(row[field])}`);
	return new Date(time).toISOString();
}

/** Reads one held-alert row as the Data Table gives it back. */
export function readHeldRow(row: unknown): HeldAlert {
	if (!isRecord(row)) throw refuse('json', 'must be a held-alert row (a JSON object)');
	let mentions: unknown;
	try {
		mentions = typeof row.mentions === 'string' ? JSON.parse(row.mentions) : row.mentions;
	} catch {
		throw refuse('mentions', 'must be the JSON text of a list of mention rows');
	}
	const spike = readSpike({
		...row,
		windowStart: isoText(row, 'windowStart'),
		windowEnd: isoText(row, 'windowEnd'),
		mentions,
	});
	const emailHeld = row.emailHeld === true || row.emailHeld === 'true' || row.emailHeld === 1;
	return {
		id: typeof row.id === 'number' ? row.id : 0,
		spike,
		spikeStart:
			typeof row.spikeStart === 'string' && row.spikeStart ? row.spikeStart : spike.windowStart,
		heldAt: Date.parse(isoText(row, 'heldAt')),
		emailHeld,
	};
}
