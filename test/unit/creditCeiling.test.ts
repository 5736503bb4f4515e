import type { IDataObject } from 'n8n-workflow';
import {
	CreditCeiling,
	CreditCeilingReached,
	SPEND_LEDGER_KEY,
} from '../../nodes/SocialData/pipeline/creditCeiling';
import { StaticSpendLedger } from '../../nodes/SocialData/pipeline/staticSpendLedger';
import { CreditLimitReached } from '../../nodes/SocialData/pipeline/creditBudget';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 25, 9, 0, 0);

let workflows = 0;

/** A ceiling over shared static data on a clock the test moves; each setup is a workflow of its own. */
function setup(limits: { perHour?: number; perDay?: number }, scope = 'credential-1') {
	const staticData: IDataObject = {};
	const workflowId = `workflow-${++workflows}`;
	let now = START;
	const ceiling = (forScope = scope, data = staticData) =>
		new CreditCeiling(
			new StaticSpendLedger(data, forScope, workflowId),
			{ perHour: limits.perHour ?? 0, perDay: limits.perDay ?? 0 },
			() => now,
		);
	return {
		staticData,
		ceiling,
		advance: (minutes: number) => (now += minutes * MINUTE),
	};
}

const refusal = async (action: () => Promise<void>) => {
	try {
		await action();
	} catch (error) {
		return error as Error;
	}
	return undefined;
};

describe('Credit Ceiling per hour and per day', () => {
	it('counts the calls of every execution that shares the static data, and refuses the one past the ceiling', async () => {
		const { ceiling } = setup({ perHour: 0.3 });
		for (let call = 0; call < 3; call++) await ceiling().reserve(0.1, 'search_notes');
		const error = await refusal(() => ceiling().reserve(0.1, 'search_notes'));
		expect(error).toBeInstanceOf(CreditCeilingReached);
		expect(error).toBeInstanceOf(CreditLimitReached);
		expect(error?.message).toBe(
			'Stopped before calling search_notes: the Credit Ceiling per Hour of 0.3 credits is reached (0.3 credits spent in the last hour with this credential in this workflow; this call costs 0.1). Nothing was sent. The next call fits after 2026-11-25 10:00 UTC.',
		);
	});

	it('frees room as the spend of the oldest minute leaves the last 60 minutes', async () => {
		const { ceiling, advance } = setup({ perHour: 0.2 });
		await ceiling().reserve(0.1, 'search_notes');
		advance(30);
		await ceiling().reserve(0.1, 'search_notes');
		advance(29);
		expect((await refusal(() => ceiling().reserve(0.1, 'search_notes')))?.message).toMatch(
			/fits after 2026-11-25 10:00 UTC/,
		);
		advance(1);
		expect(await refusal(() => ceiling().reserve(0.1, 'search_notes'))).toBeUndefined();
	});

	it('per day holds over 24 hours while the hourly ceiling has room again', async () => {
		const { ceiling, advance } = setup({ perHour: 0.2, perDay: 0.4 });
		for (let hour = 0; hour < 2; hour++) {
			await ceiling().reserve(0.1, 'fetch_search');
			await ceiling().reserve(0.1, 'fetch_search');
			advance(60);
		}
		const error = await refusal(() => ceiling().reserve(0.1, 'fetch_search'));
		expect(error?.message).toMatch(
			/the Credit Ceiling per Day of 0.4 credits is reached \(0.4 credits spent in the last 24 hours/,
		);
		expect(error?.message).toMatch(/fits after 2026-11-26 09:00 UTC/);
		advance(22 * 60);
		expect(await refusal(() => ceiling().reserve(0.1, 'fetch_search'))).toBeUndefined();
	});

	it('keeps the spend of each credential apart, and forgets what is older than a day', async () => {
		const { staticData, ceiling, advance } = setup({ perHour: 0.1 });
		await ceiling('credential-1').reserve(0.1, 'search_notes');
		expect(
			await refusal(() => ceiling('credential-2').reserve(0.1, 'search_notes')),
		).toBeUndefined();
		expect(await refusal(() => ceiling('credential-1').reserve(0.1, 'search_notes'))).toBeDefined();
		advance(24 * 60 + 1);
		await ceiling('credential-1').reserve(0.1, 'search_notes');
		const ledger = staticData[SPEND_LEDGER_KEY] as Record<string, Record<string, number>>;
		expect(Object.keys(ledger['credential-1'])).toHaveLength(1);
		expect(staticData.__dataChanged).toBe(true);
	});

	it('an execution that loaded the ledger before another saved it still counts the calls this process made', async () => {
		const { staticData, ceiling } = setup({ perHour: 0.2 });
		const loadedEarlier = structuredClone(staticData);
		await ceiling().reserve(0.1, 'search_notes');
		await ceiling().reserve(0.1, 'search_notes');
		const error = await refusal(() =>
			ceiling('credential-1', loadedEarlier).reserve(0.1, 'search_notes'),
		);
		expect(error?.message).toMatch(/0.2 credits spent in the last hour/);
		// The stale copy is raised to what was spent, so the next save stores it.
		const ledger = loadedEarlier[SPEND_LEDGER_KEY] as Record<string, Record<string, number>>;
		expect(Object.values(ledger['credential-1'])).toEqual([0.2]);
	});

	it('a call that costs more than the ceiling itself is refused and says so', async () => {
		const { ceiling } = setup({ perHour: 0.05 });
		expect((await refusal(() => ceiling().reserve(0.1, 'search_notes')))?.message).toMatch(
			/costs more than the ceiling allows at all/,
		);
	});

	it('no ceiling set: nothing is refused and nothing is stored', async () => {
		const { staticData, ceiling } = setup({});
		expect(ceiling().enabled).toBe(false);
		for (let call = 0; call < 100; call++) await ceiling().reserve(0.1, 'search_notes');
		expect(staticData).toEqual({});
	});
});
