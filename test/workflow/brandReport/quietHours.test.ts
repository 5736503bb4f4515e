import type { IDataObject } from 'n8n-workflow';
import { rowsOf, runBrandReport, spikeItem } from './setup';

const CHAT = ['feishu', 'wecom', 'dingtalk'];
const TEAM_WECOM = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=team';
const RIVAL_DINGTALK = 'https://oapi.dingtalk.com/robot/send?access_token=rival';

const settings = (quietHours: IDataObject): IDataObject => ({
	alertTo: 'marketing@example.com',
	reportTo: 'marketing@example.com',
	wecomUrl: TEAM_WECOM,
	brands: [
		{ brand: 'acme', terms: ['acme'] },
		{
			brand: 'rival',
			terms: ['rival'],
			alertTo: 'rival-team@example.com',
			bots: { dingtalkUrl: RIVAL_DINGTALK, dingtalkSecret: 'SECrival' },
		},
	],
	quietHours,
});
const NIGHT = { from: '22:00', to: '08:00', email: 'hold', urgentFactor: 6 };

const negatives = (brand: string, count: number, start = 0) =>
	rowsOf(brand, count, start).map((row) => ({ ...row, label: 'negative' }));

/** A spike of `count` negative mentions against a usual level of 1.43 per window (urgent from 9 at factor 6). */
const spike = (brand: string, count: number, extra: IDataObject = {}) => ({
	json: spikeItem(brand, negatives(brand, count, brand === 'acme' ? 0 : 100), {
		spikeStart: '2026-11-25T08:00:00.000Z',
		...extra,
	}),
});

async function alertAt(
	now: string,
	spikes: Array<{ json: IDataObject }>,
	quietHours: IDataObject = NIGHT,
	timezone?: string,
) {
	return runBrandReport(
		{
			operation: 'buildAlert',
			formats: ['email', ...CHAT],
			deliverySettings: JSON.stringify(settings(quietHours)),
			now,
		},
		spikes,
		false,
		timezone,
	);
}

const heldOf = async (now: string, timezone?: string) =>
	(await alertAt(now, [spike('acme', 6)], NIGHT, timezone)).json[0].hold;

describe('Quiet hours', () => {
	test('across midnight in Asia/Shanghai: 22:00 up to 08:00 local holds, 21:59 and 08:00 send', async () => {
		// Shanghai is UTC+8 all year.
		expect(await heldOf('2026-11-25T13:59:00Z')).toBe(false); // 21:59
		expect(await heldOf('2026-11-25T14:00:00Z')).toBe(true); // 22:00
		expect(await heldOf('2026-11-25T17:30:00Z')).toBe(true); // 01:30
		expect(await heldOf('2026-11-25T23:59:00Z')).toBe(true); // 07:59
		expect(await heldOf('2026-11-26T00:00:00Z')).toBe(false); // 08:00
	});

	test('in a zone with daylight saving the quiet hours follow the local clock on both offsets', async () => {
		const zone = 'America/New_York';
		// Summer (UTC−4): 02:30Z is 22:30, inside; winter (UTC−5): 02:30Z is 21:30, outside.
		expect(await heldOf('2026-07-01T02:30:00Z', zone)).toBe(true);
		expect(await heldOf('2026-12-01T02:30:00Z', zone)).toBe(false);
		// The night the clocks go back (2026-11-01, 06:00Z): 11:30Z is 06:30 local (UTC−5), quiet;
		// 12:59Z is 07:59 on the winter offset (08:59 on the summer one), still quiet.
		expect(await heldOf('2026-11-01T11:30:00Z', zone)).toBe(true);
		expect(await heldOf('2026-11-01T12:59:00Z', zone)).toBe(true); // 07:59
		expect(await heldOf('2026-11-01T13:00:00Z', zone)).toBe(false); // 08:00
	});

	test('inside, chat and e-mail wait as one held row; an urgent spike goes out at once', async () => {
		// 23:30 in Shanghai. Urgent: count ≥ 6 × max(1.43, 1) = 8.58.
		const { json, error } = await alertAt('2026-11-25T15:30:00Z', [
			spike('acme', 8),
			spike('rival', 9),
		]);
		expect(error).toBeUndefined();
		const [acme, rival] = json;
		expect(acme.hold).toBe(true);
		expect(acme.deliverTo).toEqual({ email: '', bots: [] });
		expect(acme.messages).toEqual([]);
		expect(acme.held).toEqual([
			expect.objectContaining({
				brand: 'acme',
				label: 'negative',
				spikeStart: '2026-11-25T08:00:00.000Z',
				count: 8,
				threshold: 6,
				heldAt: '2026-11-25T15:30:00.000Z',
				emailHeld: true,
			}),
		]);
		expect(JSON.parse((acme.held as IDataObject[])[0].mentions as string)).toHaveLength(5);
		expect(rival.hold).toBe(false);
		expect(rival.held).toEqual([]);
		expect(rival.deliverTo).toEqual({
			email: 'rival-team@example.com',
			bots: [{ format: 'dingtalk', url: RIVAL_DINGTALK, secret: 'SECrival' }],
		});
	});

	test('a brand with almost no history is urgent from urgentFactor mentions (its usual level counted as 1)', async () => {
		const quiet = { ...NIGHT, urgentFactor: 6 };
		const sparse = (count: number) => spike('acme', count, { baselinePerWindow: 0.2 });
		const { json } = await alertAt('2026-11-25T15:30:00Z', [sparse(5), sparse(6)], quiet);
		expect(json.map((item) => item.hold)).toEqual([true, false]);
		// Without an urgent factor every spike inside waits.
		const none = await alertAt('2026-11-25T15:30:00Z', [spike('acme', 300)], {
			from: '22:00',
			to: '08:00',
		});
		expect(none.json[0].hold).toBe(true);
	});

	test('e-mail set to always: the e-mail goes at once, the chat messages wait', async () => {
		const { json } = await alertAt('2026-11-25T15:30:00Z', [spike('acme', 6)], {
			...NIGHT,
			email: 'always',
		});
		expect(json[0].deliverTo).toEqual({ email: 'marketing@example.com', bots: [] });
		expect(json[0].hold).toBe(true);
		expect((json[0].held as IDataObject[])[0].emailHeld).toBe(false);
	});

	test('quiet hours that cannot be read are refused naming the field', async () => {
		for (const [quiet, message] of [
			[{ from: '22', to: '08:00' }, /"deliverySettings\.quietHours\.from" .*time of day/],
			[{ from: '22:00', to: '22:00' }, /"deliverySettings\.quietHours\.to" .*must differ/],
			[{ ...NIGHT, email: 'later' }, /"deliverySettings\.quietHours\.email" .*"hold" or "always"/],
			[{ ...NIGHT, urgentFactor: 0 }, /"deliverySettings\.quietHours\.urgentFactor" .*above 0/],
		] as Array<[IDataObject, RegExp]>) {
			const { json, error } = await alertAt('2026-11-25T15:30:00Z', [spike('acme', 6)], quiet);
			expect(json).toEqual([]);
			expect(error?.message).toMatch(message);
		}
	});
});

describe('Build Digest', () => {
	/** The held rows as the Data Table gives them back: its own id, dates as Date objects. */
	async function heldRows(): Promise<IDataObject[]> {
		const nights = [
			// 23:00, rival's spike of the evening; 02:00, acme's; 05:00, acme's again (the same spike, bigger).
			['2026-11-25T15:00:00Z', spike('rival', 6, { spikeStart: '2026-11-25T14:00:00.000Z' })],
			['2026-11-25T18:00:00Z', spike('acme', 6, { spikeStart: '2026-11-25T17:00:00.000Z' })],
			[
				'2026-11-25T21:00:00Z',
				spike('acme', 7, {
					spikeStart: '2026-11-25T17:00:00.000Z',
					windowStart: '2026-11-25T20:00:00.000Z',
					windowEnd: '2026-11-25T21:00:00.000Z',
				}),
			],
			['2026-11-25T22:00:00Z', spike('acme', 5, { spikeStart: '2026-11-25T21:00:00.000Z' })],
		] as const;
		const rows: IDataObject[] = [];
		for (const [now, item] of nights) {
			const { json } = await alertAt(now, [item]);
			rows.push(...(json[0].held as IDataObject[]));
		}
		return rows.map((row, n) => ({
			id: n + 1,
			...row,
			heldAt: new Date(row.heldAt as string),
			createdAt: new Date(),
			updatedAt: new Date(),
		}));
	}

	const digestAt = async (now: string, rows: IDataObject[], quietHours: IDataObject = NIGHT) =>
		runBrandReport(
			{
				operation: 'buildDigest',
				formats: ['email', 'markdown', ...CHAT],
				deliverySettings: JSON.stringify(settings(quietHours)),
				now,
			},
			rows.map((json) => ({ json })),
		);

	test('nothing while the quiet hours last, nor when no alert waits', async () => {
		const rows = await heldRows();
		expect((await digestAt('2026-11-25T23:00:00Z', rows)).json).toEqual([]); // 07:00
		expect((await digestAt('2026-11-26T00:00:00Z', [{}])).json).toEqual([]); // empty table
	});

	test('when they end: one digest per route, each spike once, in the order the spikes began', async () => {
		const rows = await heldRows();
		const { json, error } = await digestAt('2026-11-26T00:05:00Z', rows); // 08:05
		expect(error).toBeUndefined();
		expect(json).toHaveLength(2);
		const [rival, acme] = json;
		expect(rival.brands).toEqual(['rival']);
		expect(rival.deliverTo).toEqual({
			email: 'rival-team@example.com',
			bots: [{ format: 'dingtalk', url: RIVAL_DINGTALK, secret: 'SECrival' }],
		});
		expect((rival.messages as IDataObject[]).map((message) => message.url)).toEqual([
			RIVAL_DINGTALK,
		]);
		expect(acme.brands).toEqual(['acme']);
		expect(acme.spikes).toBe(2);
		expect(acme.heldIds).toEqual([3, 4]);
		expect(acme.subject).toBe('acme: 2 spike alerts held during quiet hours');
		expect(acme.deliverTo).toEqual({
			email: 'marketing@example.com',
			bots: [{ format: 'wecom', url: TEAM_WECOM, secret: '' }],
		});
		const markdown = acme.markdown as string;
		// The 17:00 spike once, with its latest window (7 mentions), before the spike of 21:00.
		expect(markdown.match(/\*\*\d\. acme\*\*/g)).toEqual(['**1. acme**', '**2. acme**']);
		expect(markdown).toContain('**1. acme** · **7** negative mentions');
		expect(markdown).toContain('**2. acme** · **5** negative mentions');
		expect(markdown).toContain('quiet hours (22:00–08:00)');
		expect(acme.html).toContain('2. acme');
		// Every row read is deleted after delivery, up to the highest id.
		expect(json.map((item) => item.lastHeldId)).toEqual([4, 4]);
	});

	test('quiet hours removed while alerts wait: the digest goes at the next run, in Chinese too', async () => {
		const rows = await heldRows();
		const { json } = await runBrandReport(
			{
				operation: 'buildDigest',
				language: 'zh',
				formats: ['markdown'],
				deliverySettings: JSON.stringify({ ...settings(NIGHT), quietHours: null }),
				now: '2026-11-25T23:00:00Z',
			},
			rows.map((row) => ({ json: row })),
		);
		expect(json.map((item) => item.subject)).toEqual([
			'rival：免打扰时段暂存的 1 条预警',
			'acme：免打扰时段暂存的 2 条预警',
		]);
		expect(json[1].markdown).toContain('免打扰时段内暂存的预警，按突增开始的先后排列。');
	});

	test('alerts whose e-mail went out at once (always) come only in the chat digest', async () => {
		const rows = (await heldRows()).map((row) => ({ ...row, emailHeld: false }));
		const { json } = await digestAt('2026-11-26T00:05:00Z', rows);
		expect(json.map((item) => (item.deliverTo as IDataObject).email)).toEqual(['', '']);
		expect(json.map((item) => (item.messages as IDataObject[]).length > 0)).toEqual([true, true]);
	});

	test('a held row that cannot be read is refused naming the field and the item, nothing sent', async () => {
		const rows = await heldRows();
		rows[2] = { ...rows[2], mentions: 'not json' };
		const { json, error } = await digestAt('2026-11-26T00:05:00Z', rows);
		expect(json).toEqual([]);
		expect(error?.message).toMatch(/Field "mentions" .*JSON text .*\(item 2\)/);
	});
});
