import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findRunOutput, errorMessages, type RunOutput } from '../../tools/n8n/n8nOutput';
import { tail, type CommandResult } from '../../tools/n8n/runCommand';
import {
	dingTalkSign,
	feishuSign,
	startChatReceivers,
	WECOM_LIMITS,
	type ChatReceivers,
} from '../../tools/chatReceivers';
import {
	BOT_INTERVAL_MS,
	CHAT_DELIVERY_WORKFLOW_ID,
	chatDeliveryWorkflow,
	DELIVERED_NODE,
	REFUSED_NODE,
	type ChatMessage,
} from './chatDeliveryWorkflow';

const FEISHU_SECRET = 'feishu-signing-secret';
const DINGTALK_SECRET = 'SECdingtalk-signing-secret';
/** More WeCom messages than its 20 a minute, posted at once (the recipe's throttle off for WeCom only). */
const WECOM_BURST = WECOM_LIMITS.perMinute + 2;

const feishuMessages: ChatMessage[] = [
	{ channel: 'feishu', body: { msg_type: 'text', content: { text: 'acme: 3 negative mentions' } } },
	{
		channel: 'feishu',
		body: { msg_type: 'post', content: { post: { en_us: { title: 'acme', content: [] } } } },
	},
	{
		channel: 'feishu',
		body: {
			msg_type: 'interactive',
			card: { elements: [{ tag: 'markdown', content: '**acme** 负面提及 12' }] },
		},
	},
];
const tooLongForWeCom: ChatMessage = {
	channel: 'wecom',
	body: { msgtype: 'markdown', markdown: { content: '负'.repeat(1366) } },
};
const wecomMessages: ChatMessage[] = Array.from({ length: WECOM_BURST }, (_, i) => ({
	channel: 'wecom',
	body: { msgtype: 'markdown', markdown: { content: `## acme\nmention ${i + 1}` } },
}));
const dingTalkMessages: ChatMessage[] = [1, 2, 3].map((n) => ({
	channel: 'dingtalk',
	body: { msgtype: 'markdown', markdown: { title: 'acme alert', text: `### acme\nalert ${n}` } },
}));

/**
 * The chat delivery recipe (chatDeliveryWorkflow.ts, docs/delivery.md) in the n8n user folder of
 * the file that calls this, against the local Feishu, WeCom and DingTalk bots: one import and one
 * `n8n execute`. WeCom gets 22 messages at once and one too long for it; Feishu (signed) three
 * messages of three kinds; DingTalk (signed) three, throttled to the recipe's 20 a minute.
 */
export function describeChatDelivery(n8nCli: () => (args: string[]) => Promise<CommandResult>) {
	describe("chat delivery with n8n's own nodes: Feishu, WeCom and DingTalk bots", () => {
		let bots: ChatReceivers;
		let output: RunOutput | undefined;
		let failure = '';

		beforeAll(async () => {
			bots = await startChatReceivers({
				feishuSecret: FEISHU_SECRET,
				dingTalkSecret: DINGTALK_SECRET,
			});
			const workflow = chatDeliveryWorkflow(
				{
					feishuUrl: bots.feishu.url,
					feishuSecret: FEISHU_SECRET,
					wecomUrl: bots.wecom.url,
					dingTalkUrl: bots.dingtalk.url,
					dingTalkSecret: DINGTALK_SECRET,
				},
				[...feishuMessages, tooLongForWeCom, ...wecomMessages, ...dingTalkMessages],
				{ ...BOT_INTERVAL_MS, wecom: 0 },
			);
			const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-chat-delivery-'));
			const file = path.join(folder, 'chat-delivery.json');
			fs.writeFileSync(file, JSON.stringify(workflow));
			const cli = n8nCli();
			const imported = await cli(['import:workflow', `--input=${file}`]);
			fs.rmSync(folder, { recursive: true, force: true });
			if (imported.code !== 0) {
				failure = `import failed: ${tail(imported.stdout + imported.stderr)}`;
				return;
			}
			const run = await cli(['execute', `--id=${CHAT_DELIVERY_WORKFLOW_ID}`, '--rawOutput']);
			output = findRunOutput(run.stdout);
			if (!output || output.data.resultData.error)
				failure = [
					`execute: exit ${run.code}`,
					output?.data.resultData.error?.message ?? '(no run data)',
					...errorMessages(run.stdout),
					tail(run.stderr, 15),
				].join('\n');
		});
		afterAll(async () => await bots?.close());

		const itemsOf = (node: string) =>
			(output?.data.resultData.runData[node] ?? []).flatMap((nodeRun) =>
				(nodeRun.data?.main?.[0] ?? []).map((item) => item.json),
			);

		it('runs without an error', () => {
			expect(failure).toBe('');
		});

		it('Feishu and DingTalk accept every message, each signed as the bot checks it', () => {
			expect(bots.feishu.refused()).toEqual([]);
			expect(bots.feishu.accepted().map((entry) => entry.message)).toEqual(
				feishuMessages.map((message) => expect.objectContaining(message.body)),
			);
			for (const { message } of bots.feishu.accepted()) {
				const { timestamp, sign } = message as { timestamp: string; sign: string };
				expect(sign).toBe(feishuSign(timestamp, FEISHU_SECRET));
			}
			expect(bots.dingtalk.refused()).toEqual([]);
			expect(bots.dingtalk.accepted().map((entry) => entry.message)).toEqual(
				dingTalkMessages.map((message) => message.body),
			);
			for (const { query } of bots.dingtalk.accepted())
				expect(query.sign).toBe(dingTalkSign(query.timestamp, DINGTALK_SECRET));
		});

		it("throttles DingTalk to the recipe's 20 a minute: one post every 3 seconds", () => {
			const times = bots.dingtalk.received.map((entry) => entry.at);
			for (let i = 1; i < times.length; i++)
				expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(BOT_INTERVAL_MS.dingtalk - 50);
		});

		it('WeCom refuses the message over 4,096 bytes, and answers the 21st and 22nd in the minute with its rate limit', () => {
			const refused = bots.wecom.refused().map((entry) => entry.answer);
			expect(refused.map((answer) => answer.status)).toEqual([200, 200, 200]);
			expect(refused.map((answer) => answer.body.errcode).sort()).toEqual([40058, 45009, 45009]);
			expect(bots.wecom.accepted()).toHaveLength(WECOM_LIMITS.perMinute);
		});

		it('the IF on the error code reports each refused message with its channel, code and message', () => {
			const reported = itemsOf(REFUSED_NODE);
			expect(reported).toHaveLength(3);
			expect(reported).toEqual(
				expect.arrayContaining([
					{ channel: 'wecom', code: 40058, message: 'markdown.content exceed max length 4096' },
					{ channel: 'wecom', code: 45009, message: 'api freq out of limit' },
				]),
			);
			expect(reported.filter((item) => item.code === 45009)).toHaveLength(2);
			expect(itemsOf(DELIVERED_NODE)).toHaveLength(
				feishuMessages.length + WECOM_LIMITS.perMinute + dingTalkMessages.length,
			);
		});
	});
}
