import type { IDataObject } from 'n8n-workflow';
import type { LocalTime } from '../render/localTime';
import type { AlertSpike } from '../render/spike';
import { heldRow } from './heldAlert';
import { isQuiet, isUrgent } from './quietHours';
import type { DeliverySettings } from './readDeliverySettings';
import { alertRoute, routedMessages, routeJson } from './routes';

/**
 * Where one alert goes now and what of it waits: inside the quiet hours a spike that is not urgent
 * keeps its chat messages (and, unless e-mail is set to always, its e-mail) for the digest; `held`
 * is then the one row to store, else empty.
 */
export function routeAlert(
	delivery: DeliverySettings,
	spike: AlertSpike,
	spikeStart: string,
	now: number,
	local: LocalTime,
	messages: IDataObject[],
): IDataObject {
	const route = alertRoute(delivery.routes, spike.brand);
	const quiet = delivery.quiet;
	const waits = quiet !== null && isQuiet(quiet, local, now) && !isUrgent(quiet, spike);
	const emailHeld = waits && quiet.email === 'hold' && route.email !== '';
	const chatHeld = waits && route.bots.length > 0;
	const sendNow = { email: emailHeld ? '' : route.email, bots: chatHeld ? [] : route.bots };
	const hold = emailHeld || chatHeld;
	return {
		deliverTo: routeJson(sendNow),
		messages: routedMessages(messages as Array<IDataObject & { format: string }>, sendNow.bots),
		hold,
		held: hold ? [heldRow(spike, spikeStart, now, emailHeld)] : [],
	};
}
