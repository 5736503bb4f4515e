import {
	DINGTALK_LIMITS,
	FEISHU_LIMITS,
	WECOM_LIMITS,
	dingTalkSign,
	feishuSign,
	startChatReceivers,
	startFeishuReceiver,
	type ChatReceivers,
	type FeishuReceiver,
} from '../../tools/chatReceivers';

// The local Feishu, WeCom and DingTalk bots the delivery e2e posts to: each rule they enforce,
// over HTTP, on a clock the test moves.

const START = Date.UTC(2026, 10, 25, 9, 0, 0);
const FEISHU_SECRET = 'feishu-signing-secret';
let now = START;
let bots: ChatReceivers;
let signedFeishu: FeishuReceiver;

beforeAll(async () => {
	bots = await startChatReceivers({ now: () => now });
	signedFeishu = await startFeishuReceiver({ secret: FEISHU_SECRET, now: () => now });
});
afterAll(async () => {
	await bots.close();
	await signedFeishu.close();
});
beforeEach(() => {
	now = START;
	for (const bot of [bots.feishu, bots.wecom, bots.dingtalk, signedFeishu]) bot.reset();
});

async function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
	const answer = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	return { status: answer.status, body: await answer.json() };
}

const feishuText = (text: string) => ({ msg_type: 'text', content: { text } });
const wecomMarkdown = (content: string) => ({ msgtype: 'markdown', markdown: { content } });
const dingMarkdown = (text: string) => ({
	msgtype: 'markdown',
	markdown: { title: 'Alert', text },
});

/** A Feishu text message whose JSON body is exactly `bytes` long. */
function feishuBodyOf(bytes: number): string {
	const empty = JSON.stringify(feishuText(''));
	return JSON.stringify(feishuText('x'.repeat(bytes - empty.length)));
}

function signedDingTalkUrl(timestamp = now, secret = bots.dingtalk.secret): string {
	const url = new URL(bots.dingtalk.url);
	url.searchParams.set('timestamp', String(timestamp));
	url.searchParams.set('sign', dingTalkSign(timestamp, secret));
	return url.toString();
}

describe('the Feishu/Lark custom bot', () => {
	it('accepts text, post and card messages and records them', async () => {
		const card = {
			msg_type: 'interactive',
			card: { elements: [{ tag: 'markdown', content: 'hi' }] },
		};
		const post_ = { msg_type: 'post', content: { post: { zh_cn: { title: 't', content: [] } } } };
		for (const message of [feishuText('hello'), post_, card]) {
			expect(await post(bots.feishu.url, message)).toEqual({
				status: 200,
				body: expect.objectContaining({ code: 0, msg: 'success' }),
			});
		}
		expect(bots.feishu.accepted().map((entry) => entry.message)).toEqual([
			feishuText('hello'),
			post_,
			card,
		]);
	});

	it('refuses an unknown hook, an unknown msg type and a message without its content', async () => {
		expect(
			(await post(`${bots.feishu.origin}/open-apis/bot/v2/hook/other`, feishuText('a'))).body.code,
		).toBe(19001);
		for (const message of [
			{ msg_type: 'video', content: {} },
			{ msg_type: 'text', content: {} },
			{ msg_type: 'interactive' },
		]) {
			expect(await post(bots.feishu.url, message)).toEqual({
				status: 400,
				body: { code: 9499, msg: 'Bad Request', data: {} },
			});
		}
		expect(bots.feishu.accepted()).toEqual([]);
		expect(bots.feishu.refused()).toHaveLength(4);
	});

	it(`takes a body of ${FEISHU_LIMITS.bodyBytes} bytes, not one byte more`, async () => {
		expect((await post(bots.feishu.url, feishuBodyOf(FEISHU_LIMITS.bodyBytes))).body.code).toBe(0);
		expect(await post(bots.feishu.url, feishuBodyOf(FEISHU_LIMITS.bodyBytes + 1))).toMatchObject({
			status: 400,
			body: { code: 9499 },
		});
	});

	it('answers "too many request" past 5 messages a second and past 100 a minute', async () => {
		for (let i = 0; i < 5; i++)
			expect((await post(bots.feishu.url, feishuText(`${i}`))).body.code).toBe(0);
		expect(await post(bots.feishu.url, feishuText('sixth'))).toEqual({
			status: 400,
			body: { code: 9499, msg: 'too many request', data: {} },
		});
		now += 1000;
		expect((await post(bots.feishu.url, feishuText('next second'))).body.code).toBe(0);
		// 94 more, 5 a second: 100 in the minute, then the 101st is refused until the first ones age out.
		for (let i = 0; i < 94; i++) {
			if (i % 5 === 0) now += 1000;
			expect((await post(bots.feishu.url, feishuText(`m${i}`))).body.code).toBe(0);
		}
		now += 1000;
		expect((await post(bots.feishu.url, feishuText('101st'))).body.msg).toBe('too many request');
		now = START + 60_001;
		expect((await post(bots.feishu.url, feishuText('a minute on'))).body.code).toBe(0);
		expect(bots.feishu.accepted()).toHaveLength(101);
	});

	it('with a secret: takes a sign of timestamp + "\\n" + secret within the hour, nothing else', async () => {
		const seconds = Math.floor(now / 1000);
		const signed = (timestamp: number, secret = FEISHU_SECRET) => ({
			...feishuText('signed'),
			timestamp: String(timestamp),
			sign: feishuSign(timestamp, secret),
		});
		expect((await post(signedFeishu.url, signed(seconds))).body.code).toBe(0);
		expect((await post(signedFeishu.url, signed(seconds - 3599))).body.code).toBe(0);
		const refusal = { status: 200, body: expect.objectContaining({ code: 19021 }) };
		expect(await post(signedFeishu.url, signed(seconds, 'another secret'))).toEqual(refusal);
		expect(await post(signedFeishu.url, signed(seconds - 3601))).toEqual(refusal);
		expect(await post(signedFeishu.url, feishuText('unsigned'))).toEqual(refusal);
		expect(signedFeishu.accepted()).toHaveLength(2);
	});
});

describe('the WeCom group bot', () => {
	it('accepts markdown and text, answering errcode 0', async () => {
		expect(await post(bots.wecom.url, wecomMarkdown('# Report\n**acme**'))).toEqual({
			status: 200,
			body: { errcode: 0, errmsg: 'ok' },
		});
		expect(
			(await post(bots.wecom.url, { msgtype: 'text', text: { content: 'hi' } })).body.errcode,
		).toBe(0);
		expect(bots.wecom.accepted()).toHaveLength(2);
	});

	it(`takes markdown content of ${WECOM_LIMITS.markdownBytes} UTF-8 bytes, and refuses one byte more with HTTP 200 and 40058`, async () => {
		const chinese = '负'.repeat(1365); // 3 bytes each: 4,095 bytes
		expect(Buffer.byteLength(`${chinese}a`)).toBe(4096);
		expect((await post(bots.wecom.url, wecomMarkdown(`${chinese}a`))).body.errcode).toBe(0);
		expect(await post(bots.wecom.url, wecomMarkdown(`${chinese}ab`))).toEqual({
			status: 200,
			body: { errcode: 40058, errmsg: 'markdown.content exceed max length 4096' },
		});
		expect(
			(await post(bots.wecom.url, { msgtype: 'text', text: { content: 'x'.repeat(2049) } })).body
				.errcode,
		).toBe(40058);
	});

	it('refuses a wrong key, an unknown msg type and empty content', async () => {
		const wrongKey = bots.wecom.url.replace(/key=.*/, 'key=nope');
		expect((await post(wrongKey, wecomMarkdown('a'))).body.errcode).toBe(93000);
		expect(
			(await post(bots.wecom.url, { msgtype: 'Markdown', markdown: { content: 'a' } })).body
				.errcode,
		).toBe(40008);
		expect((await post(bots.wecom.url, wecomMarkdown(''))).body.errcode).toBe(44004);
		expect((await post(bots.wecom.url, 'not json')).body.errcode).toBe(40035);
		expect(bots.wecom.accepted()).toEqual([]);
	});

	it('answers 45009 past 20 messages a minute (HTTP 200), refusals not counted', async () => {
		await post(bots.wecom.url, wecomMarkdown(''));
		for (let i = 0; i < 20; i++) {
			now += 1000;
			expect((await post(bots.wecom.url, wecomMarkdown(`${i}`))).body.errcode).toBe(0);
		}
		expect(await post(bots.wecom.url, wecomMarkdown('21st'))).toEqual({
			status: 200,
			body: { errcode: 45009, errmsg: 'api freq out of limit' },
		});
		now = START + 61_000; // the first accepted message is now a minute old
		expect((await post(bots.wecom.url, wecomMarkdown('later'))).body.errcode).toBe(0);
		expect((await post(bots.wecom.url, wecomMarkdown('too soon'))).body.errcode).toBe(45009);
	});
});

describe('the DingTalk custom robot (signed)', () => {
	it('accepts a message signed as its docs say: URL-encoded base64 HMAC-SHA256 in the query', async () => {
		expect(await post(signedDingTalkUrl(), dingMarkdown('**acme**: 12 negative'))).toEqual({
			status: 200,
			body: { errcode: 0, errmsg: 'ok' },
		});
		const [entry] = bots.dingtalk.accepted();
		expect(entry.message).toEqual(dingMarkdown('**acme**: 12 negative'));
		expect(entry.query).toMatchObject({
			timestamp: String(now),
			sign: dingTalkSign(now, bots.dingtalk.secret),
		});
	});

	it('refuses a sign left unencoded in the URL ("+" reads as a space), another secret, and an old or missing timestamp', async () => {
		let timestamp = now;
		while (!dingTalkSign(timestamp, bots.dingtalk.secret).includes('+')) timestamp++;
		const raw = `${bots.dingtalk.url}&timestamp=${timestamp}&sign=${dingTalkSign(timestamp, bots.dingtalk.secret)}`;
		expect((await post(raw, dingMarkdown('a'))).body).toEqual({
			errcode: 310000,
			errmsg: 'sign not match',
		});
		expect((await post(signedDingTalkUrl(now, 'SECother'), dingMarkdown('a'))).body.errmsg).toBe(
			'sign not match',
		);
		expect((await post(signedDingTalkUrl(now - 3_600_001), dingMarkdown('a'))).body).toEqual({
			errcode: 310000,
			errmsg: 'invalid timestamp',
		});
		expect((await post(bots.dingtalk.url, dingMarkdown('a'))).body.errcode).toBe(310000);
		expect((await post(signedDingTalkUrl(now - 3_599_000), dingMarkdown('a'))).body.errcode).toBe(
			0,
		);
	});

	it('refuses an unknown token and a message without its msg type fields', async () => {
		const url = signedDingTalkUrl().replace(/access_token=[^&]*/, 'access_token=nope');
		expect((await post(url, dingMarkdown('a'))).body).toEqual({
			errcode: 300001,
			errmsg: 'token is not exist',
		});
		for (const message of [
			{ msgtype: 'markdown', markdown: { text: 'no title' } },
			{ msgtype: 'video' },
			{ text: { content: 'a' } },
		])
			expect((await post(signedDingTalkUrl(), message)).body.errcode).toBe(40035);
	});

	it(`takes a body of ${DINGTALK_LIMITS.bodyBytes} bytes, not more`, async () => {
		const bodyOf = (bytes: number) => {
			const empty = JSON.stringify(dingMarkdown(''));
			return JSON.stringify(dingMarkdown('x'.repeat(bytes - empty.length)));
		};
		expect((await post(signedDingTalkUrl(), bodyOf(DINGTALK_LIMITS.bodyBytes))).body.errcode).toBe(
			0,
		);
		expect(
			(await post(signedDingTalkUrl(), bodyOf(DINGTALK_LIMITS.bodyBytes + 1))).body.errcode,
		).toBe(460101);
	});

	it('answers 130101 past 20 messages a minute (HTTP 200)', async () => {
		for (let i = 0; i < 20; i++)
			expect((await post(signedDingTalkUrl(), dingMarkdown(`${i}`))).body.errcode).toBe(0);
		expect(await post(signedDingTalkUrl(), dingMarkdown('21st'))).toEqual({
			status: 200,
			body: { errcode: 130101, errmsg: 'send too fast, exceed 20 times per minute' },
		});
		now += 60_001;
		expect((await post(signedDingTalkUrl(), dingMarkdown('next minute'))).body.errcode).toBe(0);
		expect(bots.dingtalk.accepted()).toHaveLength(21);
	});
});

it('each bot counts its own messages: a full WeCom minute leaves DingTalk and Feishu open', async () => {
	for (let i = 0; i < 21; i++) await post(bots.wecom.url, wecomMarkdown(`${i}`));
	expect(bots.wecom.refused().map((entry) => entry.answer.body.errcode)).toEqual([45009]);
	expect((await post(signedDingTalkUrl(), dingMarkdown('open'))).body.errcode).toBe(0);
	expect((await post(bots.feishu.url, feishuText('open'))).body.code).toBe(0);
});
