import * as crypto from 'node:crypto';
import type { WorkflowJson } from '../../tools/n8n/credentials';

/**
 * Delivery to Feishu/Lark, WeCom and DingTalk group bots with n8n's own nodes only (the recipe of
 * docs/delivery.md): one item per message, `{ channel: 'feishu' | 'wecom' | 'dingtalk', body }`,
 * the body exactly what the bot takes. A Switch routes each item to its bot; the signed bots get
 * their timestamp from an Edit Fields expression and their sign from the Crypto node (HMAC-SHA256,
 * base64); HTTP Request posts the body, never failing on the answer, throttled to the bot's rate;
 * an IF on the bot's error code (the bots answer HTTP 200 on most refusals) sends every refused
 * message to "Report Refusal" with its channel, code and message.
 */

export const CHAT_DELIVERY_WORKFLOW_ID = 'chatDeliveryRecipe';
export const DELIVERED_NODE = 'Delivered';
export const REFUSED_NODE = 'Report Refusal';
const SETTINGS = 'Chat Settings';
const MESSAGES = 'Messages';

export type ChatChannel = 'feishu' | 'wecom' | 'dingtalk';

export interface ChatMessage {
	channel: ChatChannel;
	body: Record<string, unknown>;
}

export interface ChatDeliverySettings {
	feishuUrl: string;
	/** The Feishu bot's signing secret; '' when signature checks are off. */
	feishuSecret: string;
	wecomUrl: string;
	/** The DingTalk webhook with its access_token; timestamp and sign are added per message. */
	dingTalkUrl: string;
	dingTalkSecret: string;
}

/** Milliseconds between two posts to one bot: Feishu 5/s, WeCom and DingTalk 20/min. */
export const BOT_INTERVAL_MS: Record<ChatChannel, number> = {
	feishu: 250,
	wecom: 3000,
	dingtalk: 3000,
};

export function chatDeliveryWorkflow(
	settings: ChatDeliverySettings,
	messages: ChatMessage[],
	intervalMs: Record<ChatChannel, number> = BOT_INTERVAL_MS,
): WorkflowJson {
	const setting = (name: keyof ChatDeliverySettings) => `$('${SETTINGS}').first().json.${name}`;
	const nodes = [
		node('Send Messages', 'n8n-nodes-base.manualTrigger', 1, [0, 300], {}),
		node(SETTINGS, 'n8n-nodes-base.set', 3.4, [200, 300], {
			assignments: {
				assignments: Object.entries(settings).map(([name, value]) => assignment(name, value)),
			},
			options: {},
		}),
		// Stands in for the report node: one item per message.
		node(MESSAGES, 'n8n-nodes-base.code', 2, [400, 300], {
			jsCode: `return ${JSON.stringify(messages)}.map((json) => ({ json }));`,
		}),
		node('By Channel', 'n8n-nodes-base.switch', 3.2, [600, 300], {
			rules: { values: (['feishu', 'wecom', 'dingtalk'] as const).map(channelRule) },
			options: {},
		}),

		node('Feishu Timestamp', 'n8n-nodes-base.set', 3.4, [820, 100], {
			assignments: {
				assignments: [assignment('timestamp', '={{ String(Math.floor($now.toMillis() / 1000)) }}')],
			},
			includeOtherFields: true,
			options: {},
		}),
		node('Feishu Sign', 'n8n-nodes-base.crypto', 1, [1040, 100], {
			action: 'hmac',
			type: 'SHA256',
			value: "={{ '' }}",
			dataPropertyName: 'sign',
			secret: `={{ $json.timestamp + '\\n' + ${setting('feishuSecret')} }}`,
			encoding: 'base64',
		}),
		post('Send to Feishu', [1260, 100], `={{ ${setting('feishuUrl')} }}`, intervalMs.feishu, {
			jsonBody: `={{ JSON.stringify(${setting('feishuSecret')} ? { timestamp: $json.timestamp, sign: $json.sign, ...$json.body } : $json.body) }}`,
		}),

		post('Send to WeCom', [1260, 300], `={{ ${setting('wecomUrl')} }}`, intervalMs.wecom, {
			jsonBody: '={{ JSON.stringify($json.body) }}',
		}),

		node('DingTalk Timestamp', 'n8n-nodes-base.set', 3.4, [820, 500], {
			assignments: {
				assignments: [assignment('timestamp', '={{ String($now.toMillis()) }}')],
			},
			includeOtherFields: true,
			options: {},
		}),
		node('DingTalk Sign', 'n8n-nodes-base.crypto', 1, [1040, 500], {
			action: 'hmac',
			type: 'SHA256',
			value: `={{ $json.timestamp + '\\n' + ${setting('dingTalkSecret')} }}`,
			dataPropertyName: 'sign',
			secret: `={{ ${setting('dingTalkSecret')} }}`,
			encoding: 'base64',
		}),
		post('Send to DingTalk', [1260, 500], `={{ ${setting('dingTalkUrl')} }}`, intervalMs.dingtalk, {
			jsonBody: '={{ JSON.stringify($json.body) }}',
			// The node URL-encodes query values, as DingTalk requires of the base64 sign.
			sendQuery: true,
			specifyQuery: 'keypair',
			queryParameters: {
				parameters: [
					{ name: 'timestamp', value: '={{ $json.timestamp }}' },
					{ name: 'sign', value: '={{ $json.sign }}' },
				],
			},
		}),

		node('Bot Accepted?', 'n8n-nodes-base.if', 2.2, [1480, 300], {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'loose', version: 2 },
				conditions: [
					{
						id: crypto.randomUUID(),
						// WeCom and DingTalk answer `errcode`, Feishu `code`; 0 is the only success.
						leftValue: '={{ $json.errcode ?? $json.code }}',
						rightValue: 0,
						operator: { type: 'number', operation: 'equals' },
					},
				],
				combinator: 'and',
			},
			options: {},
		}),
		node(DELIVERED_NODE, 'n8n-nodes-base.noOp', 1, [1700, 200], {}),
		node(REFUSED_NODE, 'n8n-nodes-base.set', 3.4, [1700, 400], {
			assignments: {
				assignments: [
					assignment('channel', `={{ $('${MESSAGES}').item.json.channel }}`),
					assignment('code', '={{ $json.errcode ?? $json.code }}', 'number'),
					assignment('message', '={{ $json.errmsg ?? $json.msg }}'),
				],
			},
			options: {},
		}),
	];
	const to = (name: string) => [{ node: name, type: 'main', index: 0 }];
	return {
		id: CHAT_DELIVERY_WORKFLOW_ID,
		name: 'Chat delivery recipe (Feishu, WeCom, DingTalk)',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections: {
			'Send Messages': { main: [to(SETTINGS)] },
			[SETTINGS]: { main: [to(MESSAGES)] },
			[MESSAGES]: { main: [to('By Channel')] },
			'By Channel': {
				main: [to('Feishu Timestamp'), to('Send to WeCom'), to('DingTalk Timestamp')],
			},
			'Feishu Timestamp': { main: [to('Feishu Sign')] },
			'Feishu Sign': { main: [to('Send to Feishu')] },
			'DingTalk Timestamp': { main: [to('DingTalk Sign')] },
			'DingTalk Sign': { main: [to('Send to DingTalk')] },
			'Send to Feishu': { main: [to('Bot Accepted?')] },
			'Send to WeCom': { main: [to('Bot Accepted?')] },
			'Send to DingTalk': { main: [to('Bot Accepted?')] },
			'Bot Accepted?': { main: [to(DELIVERED_NODE), to(REFUSED_NODE)] },
		},
	};
}

function node(
	name: string,
	type: string,
	typeVersion: number,
	position: [number, number],
	parameters: Record<string, unknown>,
) {
	return { id: crypto.randomUUID(), name, type, typeVersion, position, parameters };
}

function assignment(name: string, value: string, type = 'string') {
	return { id: crypto.randomUUID(), name, value, type };
}

function channelRule(channel: ChatChannel) {
	return {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
			conditions: [
				{
					id: crypto.randomUUID(),
					leftValue: '={{ $json.channel }}',
					rightValue: channel,
					operator: { type: 'string', operation: 'equals' },
				},
			],
			combinator: 'and',
		},
		renameOutput: true,
		outputKey: channel,
	};
}

/** An HTTP Request POST of a JSON body that hands every answer on (the IF reads the error code), one message per interval. */
function post(
	name: string,
	position: [number, number],
	url: string,
	intervalMs: number,
	parameters: Record<string, unknown>,
) {
	return node(name, 'n8n-nodes-base.httpRequest', 4.2, position, {
		method: 'POST',
		url,
		sendBody: true,
		specifyBody: 'json',
		...parameters,
		options: {
			response: { response: { neverError: true, responseFormat: 'json' } },
			...(intervalMs > 0
				? { batching: { batch: { batchSize: 1, batchInterval: intervalMs } } }
				: {}),
		},
	});
}
