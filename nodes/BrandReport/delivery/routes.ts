import type { ChatFormat } from '../render/chat/bots';
import { CHAT_FORMATS } from '../render/chat/bots';

/** One chat bot a message is posted to: its kind, its webhook address and its signing secret. */
export interface BotTarget {
	format: ChatFormat;
	url: string;
	secret: string;
}

/** Where one output item goes: e-mail recipients (comma-separated, empty: none) and chat bots. */
export interface Route {
	email: string;
	bots: BotTarget[];
}

/** A brand's own route; a part it does not name is the team's. */
export interface BrandRoute {
	alertTo?: string;
	reportTo?: string;
	bots?: BotTarget[];
}

export interface Routes {
	team: { alertTo: string; reportTo: string; bots: BotTarget[] };
	brands: Map<string, BrandRoute>;
}

/** The Settings field of each bot's URL and secret (`feishuUrl`, `feishuSecret`, …). */
export const BOT_FIELDS: Record<ChatFormat, { url: string; secret: string }> = Object.fromEntries(
	CHAT_FORMATS.map((format) => [format, { url: `${format}Url`, secret: `${format}Secret` }]),
) as Record<ChatFormat, { url: string; secret: string }>;

/** An alert goes only where its brand routes it: its own recipients and bots, else the team's. */
export function alertRoute(routes: Routes, brand: string): Route {
	const own = routes.brands.get(brand);
	return {
		email: own?.alertTo ?? routes.team.alertTo,
		bots: own?.bots ?? routes.team.bots,
	};
}

const addresses = (list: string) =>
	list
		.split(',')
		.map((address) => address.trim())
		.filter(Boolean);

/**
 * The team's report goes to the team's recipients and bots, and the whole report also to every
 * recipient and bot a brand names for its reports (each once).
 */
export function reportRoute(routes: Routes): Route {
	const own = [...routes.brands.values()];
	const email = [
		...new Set(
			[routes.team.reportTo, ...own.map((brand) => brand.reportTo ?? '')].flatMap(addresses),
		),
	].join(', ');
	const bots = new Map<string, BotTarget>();
	for (const bot of [...routes.team.bots, ...own.flatMap((brand) => brand.bots ?? [])])
		if (!bots.has(bot.url)) bots.set(bot.url, bot);
	return { email, bots: [...bots.values()] };
}

/** Each chat message once per bot of its kind on the route, with the bot's address and secret. */
export function routedMessages<T extends { format: string }>(
	messages: T[],
	bots: BotTarget[],
): Array<T & { url: string; secret: string }> {
	return bots.flatMap((bot) =>
		messages
			.filter((message) => message.format === bot.format)
			.map((message) => ({ ...message, url: bot.url, secret: bot.secret })),
	);
}

/**
 * Where a bot's webhook address and signing secret sit in an output item: n8n 2.41 redacts them in
 * stored executions (`sensitiveOutputFields`), since an address carries the bot's token. An item
 * per chat message carries them at the top, where `url` is also a mention's link (Match Keyword
 * Rules): only its `secret` is listed.
 */
export const BOT_SECRET_PATHS = [
	...['deliverTo.bots', 'messages'].flatMap((list) =>
		['url', 'secret'].map((field) => `${list}[*].${field}`),
	),
	'secret',
];

/** A route as it goes on an output item (`deliverTo`). */
export const routeJson = (route: Route) => ({
	email: route.email,
	bots: route.bots.map((bot) => ({ ...bot })),
});
