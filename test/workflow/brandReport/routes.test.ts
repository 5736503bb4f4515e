import type { IDataObject } from 'n8n-workflow';
import { BrandReport } from '../../../nodes/BrandReport/BrandReport.node';
import { asItems, reportParameters, rowsOf, runBrandReport, spikeItem } from './setup';

const CHAT = ['feishu', 'wecom', 'dingtalk'];
const TEAM_FEISHU = 'https://open.feishu.cn/open-apis/bot/v2/hook/team';
const TEAM_WECOM = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=team';
const RIVAL_DINGTALK = 'https://oapi.dingtalk.com/robot/send?access_token=rival';
const NOVA_FEISHU = 'https://open.feishu.cn/open-apis/bot/v2/hook/nova';

/** The team's Settings: acme on the team's route, rival and nova with routes of their own. */
const settings = (brands: IDataObject[] = BRANDS): IDataObject => ({
	alertTo: 'marketing@example.com',
	reportTo: 'marketing@example.com, ceo@example.com',
	fromEmail: 'brand-monitor@example.com',
	feishuUrl: TEAM_FEISHU,
	feishuSecret: 'team-feishu-secret',
	wecomUrl: TEAM_WECOM,
	dingtalkUrl: '',
	dingtalkSecret: '',
	brands,
});
const BRANDS: IDataObject[] = [
	{ brand: 'acme', terms: ['acme'], exclude: [] },
	{
		brand: 'rival',
		terms: ['rival'],
		alertTo: 'rival-team@example.com',
		reportTo: 'rival-team@example.com',
		bots: { dingtalkUrl: RIVAL_DINGTALK, dingtalkSecret: 'SECrival' },
	},
	// Its own bot, the team's e-mail.
	{ brand: 'nova', terms: ['nova'], bots: { feishuUrl: NOVA_FEISHU, feishuSecret: '' } },
];

const negatives = (brand: string, count: number, start = 0) =>
	rowsOf(brand, count, start).map((row) => ({ ...row, label: 'negative' }));

const spikes = () =>
	['acme', 'rival', 'nova'].map((brand, n) => ({
		json: spikeItem(brand, negatives(brand, 6, n * 10)),
	}));

/** Where each message goes: its bot kind and address, with the subject it carries. */
const targets = (json: IDataObject) =>
	(json.messages as IDataObject[]).map((message) => [message.format, message.url]);

describe('Routes per brand', () => {
	test('each alert goes only where its brand routes it; a brand without a route takes the team’s', async () => {
		const { json, error } = await runBrandReport(
			{
				operation: 'buildAlert',
				formats: ['email', ...CHAT],
				deliverySettings: JSON.stringify(settings()),
			},
			spikes(),
		);
		expect(error).toBeUndefined();
		expect(json.map((item) => [item.brand, item.deliverTo])).toEqual([
			[
				'acme',
				{
					email: 'marketing@example.com',
					bots: [
						{ format: 'feishu', url: TEAM_FEISHU, secret: 'team-feishu-secret' },
						{ format: 'wecom', url: TEAM_WECOM, secret: '' },
					],
				},
			],
			[
				'rival',
				{
					email: 'rival-team@example.com',
					bots: [{ format: 'dingtalk', url: RIVAL_DINGTALK, secret: 'SECrival' }],
				},
			],
			[
				'nova',
				{
					email: 'marketing@example.com',
					bots: [{ format: 'feishu', url: NOVA_FEISHU, secret: '' }],
				},
			],
		]);
		expect(targets(json[0])).toEqual([
			['feishu', TEAM_FEISHU],
			['wecom', TEAM_WECOM],
		]);
		expect(targets(json[1])).toEqual([['dingtalk', RIVAL_DINGTALK]]);
		expect(targets(json[2])).toEqual([['feishu', NOVA_FEISHU]]);
		// Each message carries its own alert: rival's DingTalk message is about rival only.
		const rivalText = JSON.stringify((json[1].messages as IDataObject[])[0].body);
		expect(rivalText).toContain('rival');
		expect(rivalText).not.toContain('acme');
		expect((json[1].messages as IDataObject[])[0].secret).toBe('SECrival');
		// Nothing waits without quiet hours.
		expect(json.map((item) => [item.hold, item.held])).toEqual([
			[false, []],
			[false, []],
			[false, []],
		]);
	});

	test('a brand with an empty bots object gets no chat message; without Delivery Settings nothing is routed', async () => {
		const quietBrand = [{ brand: 'acme', terms: ['acme'], bots: {} }];
		const { json } = await runBrandReport(
			{
				operation: 'buildAlert',
				formats: ['email', ...CHAT],
				deliverySettings: JSON.stringify(settings(quietBrand)),
			},
			[spikes()[0]],
		);
		expect(json[0].deliverTo).toEqual({ email: 'marketing@example.com', bots: [] });
		expect(json[0].messages).toEqual([]);

		const plain = await runBrandReport({ operation: 'buildAlert', formats: CHAT }, [spikes()[0]]);
		expect(plain.json[0].deliverTo).toBeUndefined();
		expect((plain.json[0].messages as IDataObject[]).map((message) => message.format)).toEqual(
			CHAT,
		);
	});

	test('the report goes to the team and, whole, to each report route a brand names (each address and bot once)', async () => {
		const rows = [...rowsOf('acme', 6), ...rowsOf('rival', 4, 50)];
		const { json, error } = await runBrandReport(
			reportParameters({ deliverySettings: JSON.stringify(settings()) }),
			asItems(rows),
		);
		expect(error).toBeUndefined();
		expect(json).toHaveLength(1);
		expect(json[0].deliverTo).toEqual({
			email: 'marketing@example.com, ceo@example.com, rival-team@example.com',
			bots: [
				{ format: 'feishu', url: TEAM_FEISHU, secret: 'team-feishu-secret' },
				{ format: 'wecom', url: TEAM_WECOM, secret: '' },
				{ format: 'dingtalk', url: RIVAL_DINGTALK, secret: 'SECrival' },
				{ format: 'feishu', url: NOVA_FEISHU, secret: '' },
			],
		});
		const messages = json[0].messages as IDataObject[];
		// Every part of the report to every bot of its kind.
		for (const [format, url] of [
			['feishu', TEAM_FEISHU],
			['wecom', TEAM_WECOM],
			['dingtalk', RIVAL_DINGTALK],
			['feishu', NOVA_FEISHU],
		]) {
			const parts = (json[0][format] as IDataObject[]).length;
			expect(messages.filter((message) => message.url === url)).toHaveLength(parts);
		}
	});

	test('a route that cannot be read is refused naming the brand’s field, and nothing is output', async () => {
		const broken = [
			BRANDS[0],
			{ brand: 'rival', terms: ['rival'], bots: { wecomUrl: 'qyapi.weixin.qq.com/hook' } },
		];
		const { json, error } = await runBrandReport(
			{
				operation: 'buildAlert',
				formats: CHAT,
				deliverySettings: JSON.stringify(settings(broken)),
			},
			spikes(),
		);
		expect(json).toEqual([]);
		expect(error?.message).toMatch(
			/Field "deliverySettings\.brands\[1\]\.bots\.wecomUrl" \(Delivery Settings\) must be an absolute http\(s\) address; got "qyapi\.weixin\.qq\.com\/hook" \(item 0\)/,
		);
	});
});

/** Every path of a leaf of `value`, list positions written `[*]` as n8n's redaction paths write them. */
function leafPaths(value: unknown, path = ''): Array<[string, unknown]> {
	if (Array.isArray(value)) return value.flatMap((entry) => leafPaths(entry, `${path}[*]`));
	if (value && typeof value === 'object')
		return Object.entries(value).flatMap(([key, entry]) =>
			leafPaths(entry, path ? `${path}.${key}` : key),
		);
	return [[path, value]];
}

describe('Routes per brand: what n8n redacts in stored executions', () => {
	const declared = new BrandReport().description.sensitiveOutputFields ?? [];
	const botValues = new Set([
		TEAM_FEISHU,
		TEAM_WECOM,
		RIVAL_DINGTALK,
		NOVA_FEISHU,
		'team-feishu-secret',
		'SECrival',
	]);

	test.each([false, true])(
		'every bot address and secret an alert item carries sits at a declared sensitive path (One Item per Chat Message: %s)',
		async (messageItems) => {
			const { json, error } = await runBrandReport(
				{
					operation: 'buildAlert',
					formats: ['email', ...CHAT],
					deliverySettings: JSON.stringify(settings()),
					options: { itemPerMessage: messageItems },
				},
				spikes(),
			);
			expect(error).toBeUndefined();
			const carried = json.flatMap((item) =>
				leafPaths(item).filter(([, value]) => botValues.has(String(value))),
			);
			expect(carried.length).toBeGreaterThan(0);
			// One item per message carries its bot at the top; otherwise in `deliverTo` and `messages`.
			expect(carried.some(([path]) => path === 'secret')).toBe(messageItems);
			for (const [path] of carried) {
				// A top-level `url` is also a mention's link: an item per message keeps its address visible.
				if (path === 'url') continue;
				expect(declared).toContain(path);
			}
		},
	);
});
