import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { alertChat } from '../render/chat/alertBlocks';
import { trimNote } from '../render/chat/mentionLine';
import { alertHtml } from '../render/email/alertHtml';
import type { AlertSpike } from '../render/spike';
import { readSpike, usualText } from '../render/spike';
import { stringsFor } from '../render/strings';
import { routeAlert } from '../delivery/routeAlert';
import { commonFields } from './commonFields';
import type { CommonSettings } from './commonSettings';
import { readCommonSettings } from './commonSettings';
import { deliveryFields, readDelivery } from './deliveryFields';
import { readNow } from './timeValue';
import { formatsJson, messageItems } from './formatsOutput';

export const description: INodeProperties[] = [
	...commonFields('buildAlert'),
	...deliveryFields(['buildAlert'], true),
];

function renderAlert(spike: AlertSpike, settings: CommonSettings) {
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

/** Reads and checks spike item `itemIndex` and its settings; nothing is rendered yet. */
export function plan(this: IExecuteFunctions, itemIndex: number) {
	const json = this.getInputData()[itemIndex].json;
	const spike = readSpike(json);
	const delivery = readDelivery(this, itemIndex);
	return {
		settings: readCommonSettings(this, itemIndex),
		spike,
		brand: json.brand,
		// Check Spikes gives the start of the spike's run: a held alert keeps it, so the digest lists each spike once.
		spikeStart: typeof json.spikeStart === 'string' ? json.spikeStart : spike.windowStart,
		// Routed only with Delivery Settings: where it goes, and whether Now falls in the quiet hours.
		routing: delivery && { delivery, now: readNow(this, itemIndex) },
	};
}

/** One alert per spike item (or one item per chat message), routed when Delivery Settings are given. */
export async function run(
	this: IExecuteFunctions,
	{ settings, spike, brand, spikeStart, routing }: ReturnType<typeof plan>,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const rendered = renderAlert(spike, settings);
	const json = routing
		? {
				...rendered,
				brand,
				...routeAlert(
					routing.delivery,
					spike,
					spikeStart,
					routing.now,
					settings.local,
					(rendered.messages as IDataObject[] | undefined) ?? [],
				),
			}
		: { ...rendered, brand };
	if (settings.itemPerMessage) return messageItems(json, itemIndex);
	return [{ json }];
}
