import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { SPEND_LEDGER_KEY } from '../../../nodes/SocialData/pipeline/creditCeiling';
import type { Simulator } from '../../../simulator';
import { runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

/**
 * Spending limits in n8n's engine: the Credit Budget of one execution and the Credit Ceilings per
 * hour and per day, which count the spend of earlier executions through the workflow's static
 * data (the object n8n loads from its database before an execution and saves after it; here one
 * object handed from run to run). A limit that stops work after paid calls keeps what was paid
 * for and says so in an execution hint; a limit that refuses the first call is the node's error.
 */

let sim: Simulator;
useSimulator((started) => (sim = started));

const searchNotes = (options: INodeParameters, more: INodeParameters = {}): INodeParameters => ({
	resource: 'notes',
	operation: 'search_notes',
	keyword: 'acme',
	returnAll: false,
	limit: 5,
	options,
	...more,
});

describe('Credit Budget: a stop keeps what was paid for', () => {
	it('a Return All walk stopped by the budget outputs its paid pages with a hint', async () => {
		const { items, error, hints } = await runSocialData(
			sim,
			searchNotes({ creditBudget: 0.2 }, { returnAll: true }),
		);
		expect(error).toBeUndefined();
		expect(sim.ledger.billedCalls()).toBe(2);
		const paid = sim.requests.filter((request) => request.path === '/api/v1/run');
		expect(paid).toHaveLength(2);
		expect(items.length).toBeGreaterThan(0);
		// Notes answers carry the id inside `note`.
		const ids = items.map((item) => (item.json.note as { id: string }).id);
		expect(new Set(ids).size).toBe(items.length);
		expect(hints).toHaveLength(1);
		expect(hints[0]).toMatch(
			new RegExp(
				`^search_notes: stopped after 2 pages \\(${items.length} records, all in the output\\) because page 3 was not allowed\\. Stopped before calling search_notes: .*Credit Budget of 0\\.2`,
			),
		);
	});

	it('a walk of the first item that uses up the budget stops the later items with a hint, its records kept', async () => {
		const { items, error, hints } = await runSocialData(
			sim,
			searchNotes({ creditBudget: 0.2, concurrency: 1 }, { keyword: '={{ $json.term }}' }),
			{
				inputItems: [{ json: { term: 'acme' } }, { json: { term: 'acme labs' } }],
			},
		);
		// Two single-page items fit the budget exactly: both come out, no hint.
		expect(error).toBeUndefined();
		expect(sim.ledger.billedCalls()).toBe(2);
		expect(items.map((item) => item.pairedItem)).toEqual(
			expect.arrayContaining([{ item: 0 }, { item: 1 }]),
		);
		expect(hints).toEqual([]);

		sim.reset();
		const walked = await runSocialData(
			sim,
			searchNotes(
				{ creditBudget: 0.2, concurrency: 1 },
				{ keyword: '={{ $json.term }}', returnAll: true },
			),
			{ inputItems: [{ json: { term: 'acme' } }, { json: { term: 'acme labs' } }] },
		);
		expect(walked.error).toBeUndefined();
		expect(sim.ledger.billedCalls()).toBe(2);
		expect(walked.items.length).toBeGreaterThan(0);
		expect(walked.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
		expect(walked.hints).toEqual([
			expect.stringMatching(/^search_notes: stopped after 2 pages .*Credit Budget of 0\.2/),
			expect.stringMatching(
				/^Stopped at item 2 of 2: it and the items not started yet were not sent; the records already paid for are in the output\. Stopped before calling search_notes: .*Credit Budget of 0\.2/,
			),
		]);
	});
});

describe('Credit Ceiling: a limit that outlives the execution', () => {
	it('four executions with a ceiling of three calls an hour: the fourth stops before its call, with a clear message', async () => {
		const staticData: IDataObject = {};
		const runs = [];
		const changed = [];
		for (let run = 0; run < 4; run++) {
			runs.push(
				await runSocialData(sim, searchNotes({ creditCeilingPerHour: 0.3 }), {
					staticData,
					workflowId: 'ceilingFourExecutions',
				}),
			);
			changed.push(staticData.__dataChanged);
		}
		expect(runs.slice(0, 3).map((run) => run.error)).toEqual([undefined, undefined, undefined]);
		for (const run of runs.slice(0, 3)) expect(run.items).toHaveLength(5);
		expect(runs[3].items).toHaveLength(0);
		expect(runs[3].error?.message).toMatch(
			/^Stopped before calling search_notes: the Credit Ceiling per Hour of 0\.3 credits is reached \(0\.3 credits spent in the last hour with this credential in this workflow; this call costs 0\.1\)\. Nothing was sent\. The next call fits after \d{4}-\d\d-\d\d \d\d:\d\d UTC\./,
		);
		expect(sim.ledger.billedCalls()).toBe(3);
		// n8n saves static data after the executions that reserved a call (marked as changed).
		expect(changed).toEqual([true, true, true, false]);
		const ledger = (staticData.global as IDataObject)[SPEND_LEDGER_KEY] as Record<
			string,
			Record<string, number>
		>;
		const perMinute = Object.values(ledger).flatMap((minutes) => Object.values(minutes));
		expect(perMinute.reduce((sum, credits) => sum + credits, 0)).toBeCloseTo(0.3);
	});

	it('a ceiling reached inside a Return All walk keeps the paid pages, with a hint', async () => {
		const staticData: IDataObject = {};
		const workflowId = 'ceilingStopsWalk';
		const first = await runSocialData(sim, searchNotes({ creditCeilingPerDay: 0.3 }), {
			staticData,
			workflowId,
		});
		expect(first.error).toBeUndefined();
		const walk = await runSocialData(
			sim,
			searchNotes({ creditCeilingPerDay: 0.3 }, { returnAll: true }),
			{ staticData, workflowId },
		);
		expect(walk.error).toBeUndefined();
		expect(sim.ledger.billedCalls()).toBe(3);
		expect(walk.items.length).toBeGreaterThan(5);
		expect(walk.hints).toEqual([
			// The in-process engine has no n8n database: the ledger falls back to static data, and says so.
			expect.stringMatching(/^The Credit Ceiling counts this workflow's spend in its static data/),
			expect.stringMatching(
				/^search_notes: stopped after 2 pages \(\d+ records, all in the output\) because page 3 was not allowed\. Stopped before calling search_notes: the Credit Ceiling per Day of 0\.3 credits is reached/,
			),
		]);
	});

	it('executions that load the ledger before the previous one was saved still count its calls', async () => {
		// Each run starts from the static data as saved before the first one: n8n never saved in between.
		const saved: IDataObject = {};
		const runs = [];
		for (let run = 0; run < 4; run++)
			runs.push(
				await runSocialData(sim, searchNotes({ creditCeilingPerHour: 0.3 }), {
					staticData: structuredClone(saved),
					workflowId: 'ceilingOverlapping',
				}),
			);
		expect(runs.map((run) => run.error === undefined)).toEqual([true, true, true, false]);
		expect(runs[3].error?.message).toMatch(/Credit Ceiling per Hour of 0\.3 credits is reached/);
		expect(sim.ledger.billedCalls()).toBe(3);
	});

	it('without a ceiling nothing is stored, and the run does not mark static data as changed', async () => {
		const staticData: IDataObject = {};
		const { error } = await runSocialData(sim, searchNotes({ creditBudget: 1 }), {
			staticData,
			workflowId: 'noCeiling',
		});
		expect(error).toBeUndefined();
		expect(staticData).toEqual({});
	});
});
