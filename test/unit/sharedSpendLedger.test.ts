import { createHash } from 'node:crypto';
import type {
	DeduplicationHelperFunctions,
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedOptions,
} from 'n8n-workflow';
import { CreditCeiling, CreditCeilingReached } from '../../nodes/SocialData/pipeline/creditCeiling';
import { SharedSpendLedger } from '../../nodes/SocialData/pipeline/sharedSpendLedger';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 25, 9, 0, 0);

interface Row {
	mode: string;
	data: string | string[];
}

/**
 * n8n 2.41's deduplication store as its DeduplicationHelper works: each call reads the row, yields
 * to the event loop (the database round trip) and writes the row back whole; creating a row fails
 * when another call created it meanwhile (its primary key). Entries are stored as md5 hashes.
 */
function deduplicationStore() {
	const rows = new Map<DeduplicationScope, Row>();
	const roundTrip = () => new Promise((resolve) => setImmediate(resolve));
	const hash = (item: DeduplicationItemTypes) =>
		createHash('md5').update(String(item)).digest('base64');
	const store: DeduplicationHelperFunctions = {
		async checkProcessedAndRecord(
			items: DeduplicationItemTypes[],
			scope: DeduplicationScope,
			options: ICheckProcessedOptions,
		) {
			const found = rows.get(scope);
			await roundTrip();
			if (!found) {
				if (rows.has(scope))
					throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
				rows.set(
					scope,
					options.mode === 'entries'
						? { mode: 'entries', data: items.map(hash) }
						: { mode: options.mode, data: String(items[items.length - 1]) },
				);
				return { new: items, processed: [] };
			}
			if (found.mode !== options.mode) throw new Error('incompatible mode');
			if (options.mode !== 'entries') {
				const fresh = items.filter((item) => Number(item) > Number(found.data));
				const written = { ...found, data: fresh.length > 0 ? String(fresh.at(-1)) : found.data };
				if (rows.has(scope)) rows.set(scope, written);
				return { new: fresh, processed: items.filter((item) => !fresh.includes(item)) };
			}
			const known = new Set(found.data as string[]);
			const data = [...(found.data as string[])];
			const answer = {
				new: [] as DeduplicationItemTypes[],
				processed: [] as DeduplicationItemTypes[],
			};
			for (const item of items) {
				if (known.has(hash(item))) answer.processed.push(item);
				else {
					answer.new.push(item);
					data.push(hash(item));
				}
			}
			rows.set(scope, { mode: 'entries', data });
			return answer;
		},
		async removeProcessed(items: DeduplicationItemTypes[], scope: DeduplicationScope) {
			const found = rows.get(scope);
			await roundTrip();
			if (!found) return;
			const gone = new Set(items.map(hash));
			rows.set(scope, {
				...found,
				data: (found.data as string[]).filter((entry) => !gone.has(entry)),
			});
		},
		async clearAllProcessedItems(scope: DeduplicationScope) {
			await roundTrip();
			rows.delete(scope);
		},
		async getProcessedDataCount() {
			return 0;
		},
		async checkProcessedItemsAndRecord() {
			throw new Error('not used');
		},
	};
	return { store, rows };
}

function setup(perHour: number, perDay = 0) {
	const { store, rows } = deduplicationStore();
	let now = START;
	const ceiling = () =>
		new CreditCeiling(new SharedSpendLedger(store, 'credential-1'), { perHour, perDay }, () => now);
	return { rows, ceiling, advance: (minutes: number) => (now += minutes * MINUTE) };
}

const outcome = async (reservation: Promise<void>) =>
	await reservation.then(
		() => 'reserved',
		(error: Error) => (error instanceof CreditCeilingReached ? 'refused' : error.message),
	);

describe('the Credit Ceiling ledger in n8n’s deduplication store', () => {
	it('twenty executions reserving at once under a ceiling of six calls: exactly six are reserved', async () => {
		const { ceiling, rows } = setup(0.6);
		const outcomes = await Promise.all(
			Array.from({ length: 20 }, async () => await outcome(ceiling().reserve(0.1, 'search_notes'))),
		);
		expect(outcomes.filter((one) => one === 'reserved')).toHaveLength(6);
		expect(outcomes.filter((one) => one === 'refused')).toHaveLength(14);
		// The lock row is gone; the node's row holds the minute and the bits of 600 milli-credits only.
		expect(rows.has('workflow')).toBe(false);
		expect(rows.get('node')?.data).toHaveLength(
			1 + [...(600).toString(2)].filter((bit) => bit === '1').length,
		);
	});

	it('reads back the spend of every minute of the hour, and frees room as the oldest leaves it', async () => {
		const { ceiling, advance } = setup(0.25);
		await ceiling().reserve(0.1, 'search_notes');
		advance(30);
		await ceiling().reserve(0.15, 'search_notes');
		advance(29);
		const refused = await ceiling()
			.reserve(0.1, 'search_notes')
			.catch((error: Error) => error);
		expect(refused).toBeInstanceOf(CreditCeilingReached);
		expect((refused as Error).message).toBe(
			'Stopped before calling search_notes: the Credit Ceiling per Hour of 0.25 credits is reached (0.25 credits spent in the last hour with this credential in this node; this call costs 0.1). Nothing was sent. The next call fits after 2026-11-25 10:00 UTC.',
		);
		advance(1);
		expect(await outcome(ceiling().reserve(0.1, 'search_notes'))).toBe('reserved');
	});

	it('counts the day, and removes minutes older than a day from the store', async () => {
		const { ceiling, advance, rows } = setup(0.2, 0.3);
		await ceiling().reserve(0.1, 'fetch_search');
		advance(60);
		await ceiling().reserve(0.2, 'fetch_search');
		advance(60);
		expect(await outcome(ceiling().reserve(0.1, 'fetch_search'))).toBe('refused');
		advance(22 * 60 + 1);
		expect(await outcome(ceiling().reserve(0.1, 'fetch_search'))).toBe('reserved');
		// Left: the minute of 0.2 and the new one of 0.1, each with its bits (200 and 100 milli-credits).
		expect(rows.get('node')?.data).toHaveLength(2 + 3 + 3);
	});
});
