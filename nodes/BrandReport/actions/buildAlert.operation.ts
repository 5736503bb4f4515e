import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { toNodeError } from '../../shared/execution/nodeErrors';
import { alertChat } from '../render/chat/alertBlocks';
import { trimNote } from '../render/chat/mentionLine';
import { alertHtml } from '../render/email/alertHtml';
import { readSpike, usualText } from '../render/spike';
import { stringsFor } from '../render/strings';
import { commonFields } from './commonFields';
import type { CommonSettings } from './commonSettings';
import { readCommonSettings } from './commonSettings';
import { formatsJson, messageItems } from './formatsOutput';
import { forItem } from './itemErrors';

export const description: INodeProperties[] = commonFields('buildAlert');

function renderAlert(json: unknown, settings: CommonSettings) {
	const spike = readSpike(json);
	const strings = stringsFor(settings.language);
	const subject = strings.alertSubject(
		spike.brand,
		spike.count,
		strings.label[spike.label],
		usualText(spike),
	);
	return formatsJson(
		{
			subject,
			html: () => alertHtml(strings, settings.local, spike, settings.accent, subject),
			chat: alertChat(strings, settings.local, spike, subject),
			urgent: spike.label === 'negative',
			strings,
			note: (left) => trimNote(strings, strings.moreMentions(left), settings.fullReportUrl),
		},
		// An alert is one message per bot: it is read at once, the rest is behind the link.
		{ ...settings, maxMessages: 1 },
	);
}

/** One alert per spike item; every item is read and checked before any is rendered. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const planned = items.map((item, index) => {
		try {
			return forItem(index, () => {
				const settings = readCommonSettings(this, index);
				return { settings, json: { ...renderAlert(item.json, settings), brand: item.json.brand } };
			});
		} catch (error) {
			const failure = toNodeError(this.getNode(), error, index);
			if (!this.continueOnFail()) throw failure;
			return { error: failure };
		}
	});
	return planned.flatMap((plan, index) => {
		if ('error' in plan)
			return [{ json: { error: plan.error!.message }, pairedItem: { item: index } }];
		if (plan.settings.itemPerMessage) return messageItems(plan.json, index);
		return [{ json: plan.json, pairedItem: { item: index } }];
	});
}
