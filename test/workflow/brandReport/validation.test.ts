import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { asItems, mentionRow, reportParameters, rowsOf, runBrandReport, spikeItem } from './setup';

const good = rowsOf('acme', 3);
const withRow = (index: number, extra: IDataObject) =>
	good.map((row, n) => (n === index ? { ...row, ...extra } : row));

describe('Build Report: refused before anything is rendered, naming the field and the item', () => {
	it.each([
		[
			'an unknown platform',
			withRow(1, { platform: 'tv' }),
			/Field "platform" \(platform\) must be one of douyin, notes, articles, channels, accounts, web; got "tv" \(item 1\)/,
		],
		[
			'an unknown kind of mention',
			withRow(1, { kind: 'reply' }),
			/Field "kind" \(kind\) must be one of post, comment; got "reply" \(item 1\)/,
		],
		[
			'an unknown label',
			withRow(2, { label: 'angry' }),
			/Field "label" \(label\) must be one of positive, neutral, negative, unclassified; got "angry" \(item 2\)/,
		],
		[
			'a numeric id (a Data Table row number) and no key to read the post id from',
			withRow(0, { id: 7300000000000000000, key: undefined }),
			/Field "key" \(key\) is required as platform:id .*\(item 0\)/,
		],
		[
			'no first-seen time',
			withRow(1, { firstSeen: null }),
			/Field "firstSeen" \(firstSeen\) is required \(item 1\)/,
		],
		[
			'a bad first-seen time',
			withRow(1, { firstSeen: 'yesterday' }),
			/Field "firstSeen" \(firstSeen\) must be an ISO date .*got "yesterday" \(item 1\)/,
		],
		[
			'a negative like count',
			withRow(2, { likes: -4 }),
			/Field "likes" \(likes\) must be a number of 0 or more, or null; got -4 \(item 2\)/,
		],
		[
			'a javascript link',
			withRow(0, { url: 'javascript:alert(1)' }),
			/Field "url" \(url\) must be an http\(s\) address or null; got "javascript:alert\(1\)" \(item 0\)/,
		],
		[
			'a brand not in Brands',
			withRow(2, { brand: 'other' }),
			/Field "brand" \(brand\) is "other", which is not in Brands \(acme, rival\) \(item 2\)/,
		],
	])('%s', async (_, rows, message) => {
		const { error, json } = await runBrandReport(reportParameters(), asItems(rows));
		expect(error?.message).toMatch(message);
		expect(json).toEqual([]);
	});

	it.each<[string, INodeParameters, RegExp]>([
		[
			'a brand without a name',
			{ brands: { brand: [{ name: 'acme' }, { name: '  ' }] } },
			/Field "brands\[1\]\.name" \(Brands › Name\) is required \(item 0\)/,
		],
		[
			'a bad brand colour',
			{ brands: { brand: [{ name: 'acme', colour: 'red' }] } },
			/Field "brands\[0\]\.colour" \(Brands › Colour\) must be a colour/,
		],
		[
			'a period that ends before it starts',
			{ periodTo: '2026-11-24T00:00:00Z' },
			/Field "periodTo" \(To\) must be after From \(item 0\)/,
		],
		['no From date', { periodFrom: '' }, /Field "periodFrom" \(From\) must be a date and time/],
		[
			'failed sources that are not JSON',
			{ failedSources: '[{source: notes' },
			/Field "failedSources" \(Failed Sources\) is not valid JSON/,
		],
		[
			'failed sources without a source',
			{ failedSources: '[{"error": "x"}]' },
			/Field "failedSources\[0\]\.source" \(Failed Sources\) is required/,
		],
		[
			'credits that are not a number',
			{ costCredits: 'twelve' },
			/Field "costCredits" \(Credits Used\) must be a number of 0 or more; got "twelve"/,
		],
		[
			'no format',
			{ formats: [] },
			/Field "formats" \(Formats\) must name one or more of email, markdown, feishu, wecom, dingtalk/,
		],
		[
			'a relative full report URL',
			{ options: { fullReportUrl: 'reports/today' } },
			/Field "fullReportUrl" \(Full Report URL\) must be an absolute http\(s\) address/,
		],
		[
			'too many chat messages',
			{ options: { maxMessages: 9 } },
			/Field "maxMessages" \(Max Messages per Chat\) must be a whole number from 1 to 5; got 9/,
		],
		[
			'an accent colour expression that is not a colour',
			{ accentColour: '={{ "blue" }}' },
			/Field "accentColour" \(Accent Colour\) must be a colour such as #1f2933; got "blue" \(item 0\)/,
		],
		[
			'trend rows that are not a list',
			{ trendRows: '{"a": 1}' },
			/Field "trendRows" \(Trend Rows\) must be a list of history rows/,
		],
		[
			'a bad trend row',
			{ trendRows: JSON.stringify([mentionRow('acme', 1, { label: 'meh' })]) },
			/Field "trendRows\[0\]\.label" \(trendRows\[0\]\.label\) must be one of/,
		],
	])('%s', async (_, parameters, message) => {
		const { error } = await runBrandReport(reportParameters(parameters), asItems(good));
		expect(error?.message).toMatch(message);
	});

	test('under Continue On Fail the refusal comes out as one error item, as every node makes it', async () => {
		const { json, items, error } = await runBrandReport(
			reportParameters(),
			asItems(withRow(1, { label: 'x' })),
			true,
		);
		expect(error).toBeUndefined();
		expect(json).toEqual([
			{
				error: expect.stringMatching(/Field "label" \(label\) .* \(item 1\)/),
				endpoint: 'buildReport',
				status: null,
				serviceMessage: null,
			},
		]);
		expect(items[0].pairedItem).toEqual({ item: 1 });
	});

	test('an empty input item (a Data Table with no rows, Always Output Data) is a quiet day, not an error', async () => {
		const { json, error } = await runBrandReport(reportParameters(), [{ json: {} }]);
		expect(error).toBeUndefined();
		expect(json[0].subject).toBe('acme vs rival: 0 new mentions, 0 negative (2026-11-25)');
		expect(json[0].markdown).toContain('No new mentions in this period.');
		// No source named by a mention or a failure: "sources answered" shows a dash, not 0/0.
		expect(json[0].html).toMatch(/>–<\/div><div[^>]*>sources answered</);
	});
});

describe('Build Alert: refused naming the field and the item', () => {
	it.each([
		['no brand', spikeItem('', []), /Field "brand" \(brand\) is required \(item 1\)/],
		[
			'a bad window',
			spikeItem('acme', [], { windowEnd: 'soon' }),
			/Field "windowEnd" \(windowEnd\) must be an ISO date/,
		],
		[
			'a negative count',
			spikeItem('acme', [], { count: -1 }),
			/Field "count" \(count\) must be a number of 0 or more; got -1 \(item 1\)/,
		],
		[
			'mentions that are not a list',
			spikeItem('acme', [], { mentions: 'many' }),
			/Field "mentions" \(mentions\) must be a list of mention rows/,
		],
		[
			'a bad mention inside',
			spikeItem('acme', [mentionRow('acme', 1), mentionRow('acme', 2, { platform: 'radio' })]),
			/Field "mentions\[1\]\.platform" \(mentions\[1\]\.platform\) must be one of .* \(item 1\)/,
		],
	])('%s', async (_, spike, message) => {
		const { error, json } = await runBrandReport(
			{ operation: 'buildAlert', formats: ['markdown'] },
			[{ json: spikeItem('acme', [mentionRow('acme', 1)]) }, { json: spike }],
		);
		expect(error?.message).toMatch(message);
		expect(json).toEqual([]);
	});

	test('under Continue On Fail the good spike renders and the bad one is an error item', async () => {
		const { json, items } = await runBrandReport(
			{ operation: 'buildAlert', formats: ['markdown'] },
			[
				{ json: spikeItem('acme', [mentionRow('acme', 1)]) },
				{ json: spikeItem('acme', [], { count: 'x' }) },
			],
			true,
		);
		expect(json[0].subject).toMatch(/^acme: 1 negative mention in one window/);
		expect(json[1]).toEqual({
			error: expect.stringMatching(/Field "count" \(count\) .* \(item 1\)/),
			endpoint: 'buildAlert',
			status: null,
			serviceMessage: null,
		});
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
