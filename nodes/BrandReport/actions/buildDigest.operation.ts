import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { invalid } from '../../shared/execution/fieldChecks';
import { digestGroups } from '../delivery/digest';
import type { DigestGroup } from '../delivery/digest';
import { readHeldRow } from '../delivery/heldAlert';
import { isQuiet } from '../delivery/quietHours';
import type { DeliverySettings } from '../delivery/readDeliverySettings';
import { routedMessages, routeJson } from '../delivery/routes';
import { trimNote } from '../render/chat/mentionLine';
import type { DigestSpan } from '../render/digest';
import { digestChat, digestHtml } from '../render/digest';
import { stringsFor } from '../render/strings';
import { commonFields } from './commonFields';
import type { CommonSettings } from './commonSettings';
import { readCommonSettings } from './commonSettings';
import { deliveryFields, readDelivery } from './deliveryFields';
import { readNow } from './timeValue';
import { formatsJson, messageItems } from './formatsOutput';
import { forItem } from './itemErrors';
import { isPlaceholder } from './placeholder';

export const description: INodeProperties[] = [
	...commonFields('buildDigest'),
	...deliveryFields(['buildDigest'], true),
];

/** One digest: every spike of the group, its e-mail only of the alerts whose e-mail waited. */
function renderDigest(group: DigestGroup, settings: CommonSettings, span: DigestSpan): IDataObject {
	const strings = stringsFor(settings.language);
	const spikes = group.alerts.map((alert) => alert.spike);
	const mailed = group.alerts.filter((alert) => alert.emailHeld).map((alert) => alert.spike);
	const brands = [...new Set(spikes.map((spike) => spike.brand))];
	const subject = strings.digestSubject(brands.join(', '), spikes.length);
	const json = formatsJson(
		{
			subject,
			html: () => digestHtml(strings, settings.local, mailed, settings.accent, subject, span),
			chat: digestChat(strings, settings.local, spikes, subject, span),
			urgent: true,
			strings,
			note: (left) => trimNote(strings, strings.moreMentions(left), settings.fullReportUrl),
		},
		settings,
	);
	const route = { email: mailed.length ? group.route.email : '', bots: group.route.bots };
	const messages = (json.messages as Array<IDataObject & { format: string }> | undefined) ?? [];
	return {
		...json,
		brands,
		spikes: spikes.length,
		heldIds: group.alerts.map((alert) => alert.id),
		deliverTo: routeJson(route),
		messages: routedMessages(messages, route.bots),
	};
}

function deliveryOf(context: IExecuteFunctions): DeliverySettings {
	const delivery = readDelivery(context, 0);
	if (!delivery)
		return invalid(
			{ name: 'deliverySettings', displayName: 'Delivery Settings' },
			'is required: a digest goes where each brand routes its alerts, once the quiet hours end',
		);
	return delivery;
}

/**
 * The held alerts (rows of the held-alerts Data Table) as one digest per route, once the quiet
 * hours are over; nothing while they last or when no alert waits. Every item carries
 * `lastHeldId`, the highest row id read: the rows up to it are the ones to delete after delivery.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const settings = forItem(0, () => readCommonSettings(this, 0));
	const delivery = forItem(0, () => deliveryOf(this));
	const now = forItem(0, () => readNow(this, 0));
	const held = items
		.map((item, index) => ({ item, index }))
		.filter(({ item }) => !isPlaceholder(item))
		.map(({ item, index }) => ({ alert: forItem(index, () => readHeldRow(item.json)), index }));
	if (!held.length) return [];
	const quiet = delivery.quiet;
	if (quiet && isQuiet(quiet, settings.local, now)) return [];
	// Quiet hours removed while alerts waited: the digest goes at the next run.
	const span = quiet ? { from: quiet.fromText, to: quiet.toText } : null;
	const lastHeldId = Math.max(...held.map(({ alert }) => alert.id));
	const pairedItem = held.map(({ index }) => ({ item: index }));
	return digestGroups(
		delivery.routes,
		held.map(({ alert }) => alert),
	).flatMap((group) => {
		const json = { ...renderDigest(group, settings, span), lastHeldId };
		if (settings.itemPerMessage) return messageItems(json, 0);
		return [{ json, pairedItem }];
	});
}
