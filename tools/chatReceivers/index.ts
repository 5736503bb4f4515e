import { startDingTalkReceiver, type DingTalkReceiver } from './dingtalk';
import { startFeishuReceiver, type FeishuReceiver } from './feishu';
import { startWeComReceiver, type WeComReceiver } from './wecom';

export { startDingTalkReceiver, DINGTALK_LIMITS, type DingTalkReceiver } from './dingtalk';
export { startFeishuReceiver, FEISHU_LIMITS, type FeishuReceiver } from './feishu';
export { startWeComReceiver, WECOM_LIMITS, type WeComReceiver } from './wecom';
export { dingTalkSign, feishuSign } from './signatures';
export type { ChatReceiver, ReceivedMessage } from './receiverServer';

export interface ChatReceivers {
	feishu: FeishuReceiver;
	wecom: WeComReceiver;
	dingtalk: DingTalkReceiver;
	close(): Promise<void>;
}

/** The three bots side by side (Feishu signed with `feishuSecret` when given); one clock for all. */
export async function startChatReceivers(
	options: { feishuSecret?: string; dingTalkSecret?: string; now?: () => number } = {},
): Promise<ChatReceivers> {
	const { now } = options;
	const feishu = await startFeishuReceiver({ secret: options.feishuSecret, now });
	const wecom = await startWeComReceiver({ now });
	const dingtalk = await startDingTalkReceiver({ secret: options.dingTalkSecret, now });
	return {
		feishu,
		wecom,
		dingtalk,
		close: async () => {
			await Promise.all([feishu.close(), wecom.close(), dingtalk.close()]);
		},
	};
}
