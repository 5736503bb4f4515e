import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { BrandReport } from '../../../nodes/BrandReport/BrandReport.node';
import { runWorkflow, START_NODE_TYPE } from '../../../tools/harness';
import { BRAND_REPORT_TYPE, mentionRow, runBrandReport, TIME_ZONE } from './setup';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const iso = (minutesFromNow: number) => new Date(NOW + minutesFromNow * MINUTE).toISOString();

let rowNumber = 0;

/**
 * A history row as n8n's Data Table node returns it: the mention's columns plus the table's own
 * `id` (the row number: the post's id lives in `key`), `createdAt` and `updatedAt`.
 */
function tableRow(brand: string, minutesAgo: number, extra: IDataObject = {}): IDataObject {
	const n = ++rowNumber;
	const { id: _postId, ...columns } = mentionRow(brand, n, {
		label: 'negative',
		firstSeen: iso(-minutesAgo),
		...extra,
	});
	return {
		id: n,
		...columns,
		createdAt: new Date(NOW - minutesAgo * MINUTE + 5_000),
		updatedAt: new Date(NOW - minutesAgo * MINUTE + 5_000),
	};
}

/** One negative mention every `everyHours` hours over the 7 days before the current window. */
function usualWeek(brand: string, everyHours: number): IDataObject[] {
	const rows: IDataObject[] = [];
	for (let hour = 1; hour < 7 * 24 + 1; hour += everyHours)
		rows.push(tableRow(brand, hour * 60 + 30));
	return rows;
}

/** `count` negatives spread over the `count` minutes before `endMinutesAgo`. */
const burst = (brand: string, count: number, endMinutesAgo = 0) =>
	Array.from({ length: count }, (_, i) => tableRow(brand, endMinutesAgo + 1 + i * 7));

const positives = (brand: string, count: number) =>
	Array.from({ length: count }, (_, i) => tableRow(brand, 3 + i * 41, { label: 'positive' }));

const asItems = (rows: IDataObject[]): INodeExecutionData[] => rows.map((json) => ({ json }));

const checkParameters = (extra: INodeParameters = {}): INodeParameters => ({
	operation: 'checkSpikes',
	now: iso(0),
	...extra,
});

/** Check Spikes feeding Build Alert, as the example flow wires them; the input is the history. */
async function checkThenAlert(parameters: INodeParameters, rows: IDataObject[]) {
	const node = (name: string, x: number, nodeParameters: INodeParameters) => ({
		id: name,
		name,
		type: BRAND_REPORT_TYPE,
		typeVersion: 1,
		position: [x, 0] as [number, number],
		parameters: nodeParameters,
	});
	const result = await runWorkflow({
		workflow: {
			nodes: [
				{
					id: 'start',
					name: 'Read History',
					type: START_NODE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				node('Check Spikes', 220, parameters),
				node('Build Alert', 440, { operation: 'buildAlert', formats: ['markdown', 'wecom'] }),
			],
			connections: {
				'Read History': { main: [[{ node: 'Check Spikes', type: 'main', index: 0 }]] },
				'Check Spikes': { main: [[{ node: 'Build Alert', type: 'main', index: 0 }]] },
			},
			settings: { timezone: TIME_ZONE },
		},
		nodeTypes: { [BRAND_REPORT_TYPE]: new BrandReport() },
		inputItems: asItems(rows),
	});
	expect(result.errorOf()).toBeUndefined();
	return result;
}

/** The row as a spike carries it: the post's id back from the key, the table's columns left out. */
function asMention(row: IDataObject): IDataObject {
	const { id: _rowNumber, createdAt: _c, updatedAt: _u, text: _t, reads: _r, ...rest } = row;
	const { publishedAt: _p, ...mention } = rest;
	return { ...mention, id: String(row.key).split(':')[1] };
}

describe('Check Spikes', () => {
	test('a quiet week gives no item at any hour of it, so Build Alert never runs', async () => {
		const history = [
			...usualWeek('acme', 2),
			...usualWeek('rival', 3),
			...positives('acme', 200),
			// Four negatives in one hour: above three times the usual level, below the minimum count.
			...burst('rival', 4, 24 * 60),
		];
		for (const hoursAgo of [0, 1, 24, 24 * 3]) {
			const visible = history.filter(
				(row) => Date.parse(row.firstSeen as string) <= NOW - hoursAgo * 60 * MINUTE,
			);
			const result = await checkThenAlert(checkParameters({ now: iso(-hoursAgo * 60) }), visible);
			expect(result.outputOf('Check Spikes')).toEqual([]);
			expect(result.executedNodes).toEqual(['Read History', 'Check Spikes']);
		}
	});

	test('a spike is one item, exactly the detected spike, paired with its rows, and Build Alert renders it', async () => {
		const week = usualWeek('acme', 2);
		const spike = burst('acme', 8);
		const rivalNegatives = burst('rival', 2);
		const history = [...week, ...positives('acme', 30), ...spike, ...rivalNegatives];
		const result = await checkThenAlert(checkParameters(), history);

		const [item, ...more] = result.outputOf('Check Spikes');
		expect(more).toEqual([]);
		const mentions = (item.json.mentions as IDataObject[]).map((mention) => mention.key);
		expect(item.json).toEqual({
			brand: 'acme',
			label: 'negative',
			windowStart: iso(-60),
			windowEnd: iso(0),
			count: 8,
			// 84 negatives over the 168 hourly windows of the week before.
			baselinePerWindow: 0.5,
			threshold: 5,
			spikeStart: iso(-60),
			mentions: expect.any(Array),
		});
		expect([...mentions].sort()).toEqual(spike.map((row) => row.key).sort());
		// Most engaged first, each row as the spike carries it.
		const engagement = (row: IDataObject) =>
			(row.likes as number) + (row.comments as number) + (row.shares as number);
		const byEngagement = [...spike].sort((a, b) => engagement(b) - engagement(a));
		expect(item.json.mentions).toEqual(byEngagement.map(asMention));
		const firstSpikeRow = history.indexOf(spike[0]);
		expect(item.pairedItem).toEqual(spike.map((_, n) => ({ item: firstSpikeRow + n })));

		const [alert, ...moreAlerts] = result.outputOf('Build Alert');
		expect(moreAlerts).toEqual([]);
		expect(alert.json.subject).toBe('acme: 8 negative mentions in one window (usual 0.5)');
		expect(alert.json.markdown).toContain(
			'**8** negative mentions · usual per window 0.5 · alert threshold 5',
		);
		expect(alert.json.markdown).toContain('window: 2026-11-25 19:00–20:00 (UTC+8)');
		const top = byEngagement[0];
		expect(alert.json.markdown).toContain(String(top.title).slice(0, 20));
		expect((alert.json.wecom as IDataObject[]).length).toBe(1);
	});

	test('a post that names two brands is a mention of each, and each spike pairs with its own brand’s rows', async () => {
		const acme = burst('acme', 6);
		const rival = acme.map((row) => ({ ...row, id: (row.id as number) + 10_000, brand: 'rival' }));
		const history = [...usualWeek('acme', 2), ...usualWeek('rival', 2), ...acme, ...rival];
		const { items, error } = await runBrandReport(checkParameters(), asItems(history));
		expect(error).toBeUndefined();
		const rowsOf = (rows: IDataObject[]) => rows.map((row) => ({ item: history.indexOf(row) }));
		expect(
			items.map((item) => [
				item.json.brand,
				(item.json.mentions as IDataObject[]).map((mention) => mention.key).sort(),
				item.pairedItem,
			]),
		).toEqual([
			['acme', acme.map((row) => row.key).sort(), rowsOf(acme)],
			['rival', acme.map((row) => row.key).sort(), rowsOf(rival)],
		]);
	});

	test('the alerts already sent keep the same spike from alerting again an hour later; a new wave alerts', async () => {
		const history = [
			...usualWeek('acme', 2),
			...burst('acme', 8, 60),
			...burst('acme', 9),
			...burst('acme', 7, 4 * 60),
		];
		const sent = [
			// The alert of the 11:00 check, as the alert Data Table gives it.
			{
				id: 1,
				brand: 'acme',
				label: 'negative',
				spikeStart: iso(-120),
				alertedAt: iso(-59),
				createdAt: iso(-59),
			},
			// Another brand's and another label's alerts do not count.
			{ brand: 'rival', label: 'negative', spikeStart: iso(-120), alertedAt: iso(-59) },
			{ brand: 'acme', label: 'positive', spikeStart: iso(-120), alertedAt: iso(-59) },
			// An alert of an older wave (four hours ago) does not either.
			{ brand: 'acme', label: 'negative', spikeStart: iso(-300), alertedAt: iso(-239) },
		];

		const unsent = await checkThenAlert(checkParameters(), history);
		expect(unsent.outputOf('Check Spikes').map((item) => item.json.spikeStart)).toEqual([
			iso(-120),
		]);
		const older = sent.slice(1);
		const stillNew = await checkThenAlert(
			checkParameters({ alerts: JSON.stringify(older) }),
			history,
		);
		expect(stillNew.outputOf('Check Spikes')).toHaveLength(1);

		// As an expression reading a Data Table gives it: a list, not text.
		const repeat = await checkThenAlert(
			checkParameters({ alerts: `={{ ${JSON.stringify(sent)} }}` }),
			history,
		);
		expect(repeat.outputOf('Check Spikes')).toEqual([]);
		expect(repeat.executedNodes).not.toContain('Build Alert');

		// A Data Table node of version 1 gives its date columns as Dates.
		const withDates = await checkThenAlert(
			checkParameters({
				alerts: `={{ [{ brand: "acme", label: "negative", spikeStart: new Date("${iso(-120)}"), alertedAt: new Date("${iso(-59)}") }] }}`,
			}),
			history,
		);
		expect(withDates.outputOf('Check Spikes')).toEqual([]);
	});

	test('Now may carry an offset (the schedule’s timestamp), and date columns may come as Dates', async () => {
		const spike = burst('acme', 6).map((row) => ({
			...row,
			firstSeen: new Date(row.firstSeen as string),
		}));
		const { json, error } = await runBrandReport(
			checkParameters({ now: '2026-11-25T20:00:00.000+08:00', alerts: '[]' }),
			asItems([...usualWeek('acme', 4), ...spike]),
		);
		expect(error).toBeUndefined();
		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ windowEnd: iso(0), count: 6, threshold: 5 });
		expect((json[0].mentions as IDataObject[])[0].firstSeen).toMatch(
			/^2026-11-25T11:\d\d:00\.000Z$/,
		);
	});

	test.each([
		['the default Now ($now.toISO())', {}],
		['Now given as $now itself', { now: '={{ $now }}' }],
	])('%s is the time of the run', async (_, now: INodeParameters) => {
		const started = Date.now();
		const recent = Array.from({ length: 5 }, (_, i) => {
			const { id: _rowNumber, ...row } = tableRow('acme', 0, {
				firstSeen: new Date(started - (i + 1) * MINUTE).toISOString(),
			});
			return row;
		});
		// The brand was watched before (a brand's first run, its backfill, is never a spike).
		recent.push(
			tableRow('acme', 0, {
				firstSeen: new Date(started - 2 * 24 * 60 * MINUTE).toISOString(),
				label: 'positive',
			}),
		);
		const { json, error } = await runBrandReport(
			{ operation: 'checkSpikes', ...now },
			asItems(recent),
		);
		expect(error).toBeUndefined();
		expect(json).toHaveLength(1);
		const windowEnd = Date.parse(json[0].windowEnd as string);
		expect(windowEnd).toBeGreaterThanOrEqual(started);
		expect(windowEnd).toBeLessThan(Date.now() + 1);
		expect(json[0].count).toBe(5);
	});

	test('an empty history (a Data Table with Always Output Data) and empty alert rows are no spike, not an error', async () => {
		const { json, error } = await runBrandReport(checkParameters({ alerts: '={{ [{}] }}' }), [
			{ json: {} },
		]);
		expect(error).toBeUndefined();
		expect(json).toEqual([]);
	});
});

describe('Check Spikes: refused before any output, naming the field and the item', () => {
	const history = [...usualWeek('acme', 2), ...burst('acme', 8)];

	it.each<[string, INodeParameters, RegExp]>([
		[
			'a Now that is not a time',
			{ now: 'noon' },
			/Field "now" \(Now\) must be a date and time .*; got "noon" \(item 0\)/,
		],
		['no Now', { now: '' }, /Field "now" \(Now\) must be a date and time/],
		[
			'a window of half a minute',
			{ windowMinutes: 0.5 },
			/Field "windowMinutes" \(Window \(Minutes\)\) must be a whole number of minutes, 1 or more; got 0.5 \(item 0\)/,
		],
		[
			'no baseline',
			{ baselineDays: 0 },
			/Field "baselineDays" \(Baseline Days\) must be a number of days above 0; got 0/,
		],
		[
			'a baseline shorter than a window',
			{ windowMinutes: 1440, baselineDays: 0.5 },
			/Field "baselineDays" \(Baseline Days\) must span at least one window of 1440 minutes; got 0.5/,
		],
		[
			'a minimum count of 0',
			{ minimumCount: 0 },
			/Field "minimumCount" \(Minimum Count\) must be a whole number, 1 or more; got 0/,
		],
		[
			'a factor that is not a number',
			{ factor: '={{ "lots" }}' },
			/Field "factor" \(Factor\) must be a number above 0; got "lots"/,
		],
		[
			'an unknown label',
			{ label: '={{ "angry" }}' },
			/Field "label" \(Label\) must be one of positive, neutral, negative, unclassified; got "angry"/,
		],
		[
			'alerts that are not JSON',
			{ alerts: '[{brand: acme' },
			/Field "alerts" \(Alerts Already Sent\) is not valid JSON/,
		],
		[
			'alerts that are not a list',
			{ alerts: '{"brand": "acme"}' },
			/Field "alerts" \(Alerts Already Sent\) must be a list/,
		],
		[
			'an alert without a brand',
			{
				alerts: JSON.stringify([
					{},
					{ label: 'negative', spikeStart: iso(-60), alertedAt: iso(-60) },
				]),
			},
			/Field "alerts\[1\]\.brand" \(Alerts Already Sent\) is required \(item 0\)/,
		],
		[
			'an alert with a bad time',
			{
				alerts: JSON.stringify([
					{ brand: 'acme', label: 'negative', spikeStart: 'today', alertedAt: iso(-60) },
				]),
			},
			/Field "alerts\[0\]\.spikeStart" \(Alerts Already Sent\) must be an ISO date; got "today"/,
		],
	])('%s', async (_, parameters, message) => {
		const { error, json } = await runBrandReport(checkParameters(parameters), asItems(history));
		expect(error?.message).toMatch(message);
		expect(json).toEqual([]);
	});

	const withRow = (index: number, change: (row: IDataObject) => IDataObject) =>
		history.map((row, n) => (n === index ? change(row) : row));

	it.each<[string, IDataObject[], RegExp]>([
		[
			'an unknown platform',
			withRow(3, (row) => ({ ...row, platform: 'radio' })),
			/Field "platform" \(platform\) must be one of douyin, notes, articles, channels, accounts, web; got "radio" \(item 3\)/,
		],
		[
			'a row without first-seen time',
			withRow(90, (row) => ({ ...row, firstSeen: 'yesterday' })),
			/Field "firstSeen" \(firstSeen\) must be an ISO date .*; got "yesterday" \(item 90\)/,
		],
		[
			'a Data Table row without key',
			withRow(5, ({ key: _key, ...row }) => row),
			/Field "key" \(key\) is required as platform:id .* \(item 5\)/,
		],
		[
			'a row without brand',
			withRow(7, (row) => ({ ...row, brand: '' })),
			/Field "brand" \(brand\) is required \(item 7\)/,
		],
		[
			'a negative share count',
			withRow(88, (row) => ({ ...row, shares: -1 })),
			/Field "shares" \(shares\) must be a number of 0 or more, or null; got -1 \(item 88\)/,
		],
	])('%s', async (_, rows, message) => {
		const { error, json } = await runBrandReport(checkParameters(), asItems(rows));
		expect(error?.message).toMatch(message);
		expect(json).toEqual([]);
	});

	test('under Continue On Fail the refusal is one error item as every node makes it, paired with the bad row, and no spike', async () => {
		const { json, items, error } = await runBrandReport(
			checkParameters(),
			asItems(withRow(88, (row) => ({ ...row, label: 'furious' }))),
			true,
		);
		expect(error).toBeUndefined();
		expect(json).toEqual([
			{
				error: expect.stringMatching(/Field "label" \(label\) must be one of .* \(item 88\)/),
				endpoint: 'checkSpikes',
				status: null,
				serviceMessage: null,
			},
		]);
		expect(items[0].pairedItem).toEqual({ item: 88 });
	});
});
