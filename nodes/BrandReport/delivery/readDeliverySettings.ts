import { invalid } from '../../shared/execution/fieldChecks';
import { isRecord } from '../../shared/json/isRecord';
import { CHAT_FORMATS } from '../render/chat/bots';
import type { QuietHours } from './quietHours';
import type { BotTarget, BrandRoute, Routes } from './routes';
import { BOT_FIELDS } from './routes';

/** Routes per brand and quiet hours, read from the team's Settings. */
export interface DeliverySettings {
	routes: Routes;
	quiet: QuietHours | null;
}

const DISPLAY = 'Delivery Settings';
const refuse = (name: string, problem: string): never =>
	invalid({ name: `deliverySettings.${name}`, displayName: DISPLAY }, problem);

function text(entry: Record<string, unknown>, name: string, at: string): string | undefined {
	const value = entry[name];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string')
		return refuse(`${at}${name}`, `must be text; got ${JSON.stringify(value)}`);
	return value.trim();
}

/** Each bot with a URL; an empty URL means that bot is not used. */
function botsOf(entry: Record<string, unknown>, at: string): BotTarget[] {
	return CHAT_FORMATS.flatMap((format): BotTarget[] => {
		const url = text(entry, BOT_FIELDS[format].url, at);
		if (!url) return [];
		if (!/^https?:\/\/\S+$/i.test(url))
			refuse(`${at}${BOT_FIELDS[format].url}`, `must be an absolute http(s) address; got "${url}"`);
		return [{ format, url, secret: text(entry, BOT_FIELDS[format].secret, at) ?? '' }];
	});
}

function brandRoutes(brands: unknown): Map<string, BrandRoute> {
	const routes = new Map<string, BrandRoute>();
	if (brands === undefined || brands === null) return routes;
	if (!Array.isArray(brands)) return refuse('brands', 'must be a list of brand entries');
	brands.forEach((entry: unknown, index) => {
		const at = `brands[${index}].`;
		if (!isRecord(entry))
			return refuse(`brands[${index}]`, 'must be a brand entry such as {"brand": "acme"}');
		const brand = text(entry, 'brand', at);
		if (!brand) return refuse(`${at}brand`, 'is required');
		const route: BrandRoute = {};
		const alertTo = text(entry, 'alertTo', at);
		const reportTo = text(entry, 'reportTo', at);
		if (alertTo) route.alertTo = alertTo;
		if (reportTo) route.reportTo = reportTo;
		const bots = entry.bots;
		if (bots !== undefined && bots !== null) {
			if (!isRecord(bots))
				return refuse(
					`${at}bots`,
					'must be an object such as {"feishuUrl": "https://…", "feishuSecret": "…"}',
				);
			route.bots = botsOf(bots, `${at}bots.`);
		}
		routes.set(brand, route);
	});
	return routes;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

function clock(value: unknown, name: string): { minutes: number; text: string } {
	const match = typeof value === 'string' ? CLOCK.exec(value.trim()) : null;
	if (!match)
		return refuse(
			`quietHours.${name}`,
			`must be a time of day such as 22:00; got ${JSON.stringify(value)}`,
		);
	return { minutes: Number(match[1]) * 60 + Number(match[2]), text: match[0] };
}

function quietHoursOf(value: unknown): QuietHours | null {
	if (value === undefined || value === null || value === '') return null;
	if (!isRecord(value))
		return refuse('quietHours', 'must be an object such as {"from": "22:00", "to": "08:00"}');
	if (!Object.keys(value).length) return null;
	const from = clock(value.from, 'from');
	const to = clock(value.to, 'to');
	if (from.minutes === to.minutes)
		refuse(
			'quietHours.to',
			`must differ from "from" (${from.text}); leave quietHours out for none`,
		);
	const email = value.email ?? 'hold';
	if (email !== 'hold' && email !== 'always')
		refuse('quietHours.email', `must be "hold" or "always"; got ${JSON.stringify(email)}`);
	const factor = value.urgentFactor;
	if (factor !== undefined && factor !== null && (typeof factor !== 'number' || !(factor > 0)))
		refuse('quietHours.urgentFactor', `must be a number above 0; got ${JSON.stringify(factor)}`);
	return {
		from: from.minutes,
		to: to.minutes,
		fromText: from.text,
		toText: to.text,
		email: email as QuietHours['email'],
		urgentFactor: typeof factor === 'number' ? factor : null,
	};
}

/**
 * The team's Settings as one object (usually `{{ $('Settings').first().json }}`): the team's
 * `alertTo`, `reportTo` and bots, each brand's own route in `brands`, and `quietHours`.
 */
export function readDeliverySettings(value: unknown): DeliverySettings {
	if (!isRecord(value))
		return refuse(
			'json',
			'must be the team’s Settings, an object such as {"alertTo": "…", "brands": […]}',
		);
	return {
		routes: {
			team: {
				alertTo: text(value, 'alertTo', '') ?? '',
				reportTo: text(value, 'reportTo', '') ?? '',
				bots: botsOf(value, ''),
			},
			brands: brandRoutes(value.brands),
		},
		quiet: quietHoursOf(value.quietHours),
	};
}
