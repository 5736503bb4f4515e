import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadFlow, SETTINGS_FILE } from '../tools/brandMonitoring/flows';
import {
	startBrandFlowServer,
	type BrandFlow,
	type BrandFlowServer,
} from '../tools/brandMonitoring/flowServer';
import { htmlOfMail, subjectOfMail } from '../tools/brandMonitoring/mailHtml';
import { screenshotReport } from '../tools/brandMonitoring/reportScreenshot';
import { packProject } from '../tools/n8n/installPack';
import { REPO_ROOT } from '../tools/n8n/n8nInstallLayout';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../simulator';
import { startChatReceivers, type ChatReceivers } from '../tools/chatReceivers';
import { smtpSinkCredential, startSmtpSink, type SmtpSink } from '../tools/smtpSink';

/**
 * The brand-monitoring flows in a real n8n: the hourly collector and the daily report, published in
 * one started n8n with the settings workflow, their e-mails caught by a local SMTP sink and their
 * chat messages by local Feishu, WeCom and DingTalk bots. Against the simulator, a night in
 * Asia/Shanghai with the shipped Settings (brands, keyword rule, quiet hours 22:00–08:00) and what a
 * team fills in (recipients, bots, rival's own bot, the urgent factor): the collector runs every
 * hour from 20:00 to 08:00 — notes about the Acme Hotel that acme's rule drops at 21:00, acme's
 * spike held at 23:00, rival's urgent spike sent at once to rival's route at 00:00, acme's digest
 * at 08:00 — then the daily report, whose top stories list the story cross-posted to four platforms
 * once.
 * With SOCIAL_GATEWAY_API_KEY (or GATEWAY_API_KEY) and GATEWAY_BASE_URL set, against the real
 * service: one collection now, then the report.
 */

const OUT_DIR = path.join(REPO_ROOT, 'demo-output');
const OUTPUT_FILES = [
	'report.html',
	'report.png',
	'report.md',
	'alert.html',
	'alert.png',
	'digest.html',
	'digest.md',
	'deliveries.md',
	'chat-messages.json',
	'report.json',
];
const HOUR_MS = 60 * 60_000;
/**
 * Every list of the simulator (each search and each watched post's comments) gains a record every 30
 * virtual minutes: a quiet hour has a few per brand, too few negatives for a spike (at 20 minutes,
 * rival's 18 new mentions of the first quiet hour hold 6 negatives, which is a spike by the rule).
 */
const ARRIVAL_EVERY_MS = 30 * 60_000;
/** The simulator's epoch (12:00 UTC) is 20:00 there: the demo's night starts at the epoch. */
const TIME_ZONE = 'Asia/Shanghai';
/** Settings › quietHours.urgentFactor as shipped: acme's spike stays below it and waits, rival's goes at once. */
const urgentFactor = () =>
	Number((JSON.parse(shippedSetting('quietHours')) as { urgentFactor: number }).urgentFactor);
/** Check Spikes of the collector as shipped: the windows the spike sizes are chosen against. */
const SPIKE_RULE = { minimumCount: 5, factor: 3, baselineWindows: 7 * 24 };
/** Notes about acme whose titles name the phrase acme's rule leaves out: the search finds them. */
const RULE_SPIKE = 12;
/** Complaints under acme's watched note in the hour of its spike: the report lists them to answer first. */
const COMPLAINTS = 4;
const TEAM_MAIL = 'social-team@example.com';
const FEISHU_SECRET = 'demo-feishu-secret';
const DINGTALK_SECRET = 'SECdemo-dingtalk-secret';

interface Step {
	name: string;
	flow: BrandFlow;
	/** When the schedule would fire: asked just before the tick. */
	at(): Date;
	/** Called just before the tick, the simulator's clock already at `at`. */
	before?: () => Promise<void>;
}

type Bot = 'feishu' | 'wecom' | 'dingtalk';
const BOTS: Bot[] = ['feishu', 'wecom', 'dingtalk'];
const BOT_NAMES: Record<Bot, string> = { feishu: 'Feishu', wecom: 'WeCom', dingtalk: 'DingTalk' };

interface SentMail {
	to: string[];
	subject: string;
	html: string;
}

interface StepResult {
	step: string;
	flow: BrandFlow;
	at: string;
	/** The schedule's tick on the team's clock (simulator only), e.g. "23:00". */
	localTime?: string;
	newMentions: number;
	mails: SentMail[];
	/** What each bot received during the tick, with its answer. */
	chat: Record<Bot, Array<{ accepted: boolean; answer: unknown; message: unknown }>>;
	/** Brands of the alerts waiting in brand_held_alerts after the tick (collector, simulator only). */
	held?: string[];
	/** Match Keyword Rules' execution hint of the tick, when it dropped mentions. */
	ruleHint?: string;
	/** Ledger figures of the tick (simulator only). */
	credits?: number;
	billedCalls?: number;
	modelCalls?: number;
}

async function main() {
	const realKey = process.env.SOCIAL_GATEWAY_API_KEY ?? process.env.GATEWAY_API_KEY;
	const realUrl = process.env.GATEWAY_BASE_URL;
	if (realKey && !realUrl)
		throw new Error(
			'SOCIAL_GATEWAY_API_KEY is set but GATEWAY_BASE_URL is not: set both to use the real service',
		);
	let sim: Simulator | undefined;
	let smtp: SmtpSink | undefined;
	let bots: ChatReceivers | undefined;
	let stopServer: (() => Promise<void>) | undefined;
	try {
		if (!realKey) sim = await startSimulator({ arrivalEveryMs: ARRIVAL_EVERY_MS });
		const gatewayUrl = realKey ? realUrl! : sim!.url;
		console.log(
			realKey
				? `Using the real service at ${gatewayUrl}`
				: `Using the local simulator at ${gatewayUrl}`,
		);
		smtp = await startSmtpSink();
		bots = await startChatReceivers({
			feishuSecret: FEISHU_SECRET,
			dingTalkSecret: DINGTALK_SECRET,
		});
		const tarball = await packProject({ build: true });
		const apiKey = realKey ?? SIMULATOR_API_KEY;
		const teamSettings = {
			alertTo: TEAM_MAIL,
			reportTo: TEAM_MAIL,
			feishuUrl: bots.feishu.url,
			feishuSecret: FEISHU_SECRET,
			wecomUrl: bots.wecom.url,
			dingtalkUrl: bots.dingtalk.url,
			dingtalkSecret: DINGTALK_SECRET,
		};
		const server = await startBrandFlowServer({
			gatewayUrl,
			apiKey,
			packTarball: tarball,
			settings: sim ? simulatedNightSettings(sim, bots, teamSettings) : teamSettings,
			credentials: [smtpSinkCredential(smtp.port)],
			secrets: [FEISHU_SECRET, DINGTALK_SECRET],
			// The team's time zone, e.g. GENERIC_TIMEZONE=Asia/Shanghai: dates and times in the reports.
			timeZone: sim ? TIME_ZONE : process.env.GENERIC_TIMEZONE,
		});
		stopServer = () => server.stop();
		console.log(`n8n started at ${server.url} with the flows published`);

		const results: StepResult[] = [];
		const run = async (step: Step) => {
			const stored = results.reduce((sum, result) => sum + result.newMentions, 0);
			results.push(await tick(step, { server, sim, smtp: smtp!, bots: bots! }, stored));
			printTick(results[results.length - 1]);
		};
		console.log('\nTicks (what each schedule would have run):');
		for (const step of sim ? simulatedNight(sim, server) : realServiceRun()) await run(step);

		await writeOutputs({ results, server, sim, smtp, bots });
	} finally {
		await stopServer?.();
		await bots?.close();
		await smtp?.close();
		await sim?.close();
	}
}

/** A value of the shipped Settings node, e.g. its brands. */
function shippedSetting(name: string): string {
	const settings = loadFlow(SETTINGS_FILE).nodes.find((node) => node.name === 'Settings');
	const assignments = (
		settings?.parameters as {
			assignments: { assignments: Array<{ name: string; value: unknown }> };
		}
	).assignments.assignments;
	const value = assignments.find((assignment) => assignment.name === name)?.value;
	if (typeof value !== 'string') throw new Error(`the shipped Settings have no "${name}"`);
	return value;
}

interface Brand {
	brand: string;
	exclude?: string[];
	[field: string]: unknown;
}

const shippedBrands = () => JSON.parse(shippedSetting('brands')) as Brand[];

/** The phrase acme's shipped rule leaves out ("acme hotel"): the titles of the demo's first spike. */
function excludedPhrase(): string {
	const phrase = shippedBrands().find((brand) => brand.brand === 'acme')?.exclude?.[0];
	if (!phrase) throw new Error('the shipped Settings give acme no phrase to exclude');
	return phrase;
}

/**
 * The Settings of the night: the shipped brands (acme's keyword rule, rival's own alertTo) with
 * rival's own bot, WeCom, and the shipped quiet hours with the demo's urgent factor; the team's
 * bots are Feishu and DingTalk.
 */
function simulatedNightSettings(
	sim: Simulator,
	bots: ChatReceivers,
	team: Record<string, string>,
): Record<string, string> {
	const brands = shippedBrands().map((brand) =>
		brand.brand === 'rival' ? { ...brand, bots: { wecomUrl: bots.wecom.url } } : brand,
	);
	return {
		...team,
		wecomUrl: '',
		brands: JSON.stringify(brands),
		watchedPosts: JSON.stringify(watchedPosts(sim)),
	};
}

/**
 * The night in Asia/Shanghai, every hour from 20:00 to 08:00, then the daily report: a backfill;
 * at 21:00 notes titled with the phrase acme's rule leaves out; quiet hours from 22:00; at 23:00
 * acme's spike (above the spike rule, below the urgent factor) and complaints under its watched
 * note; at 00:00 rival's spike, above the urgent factor; at 08:00 the quiet hours end.
 */
function simulatedNight(sim: Simulator, server: BrandFlowServer): Step[] {
	const start = sim.clock.now();
	const hour = (n: number) => () => new Date(start + n * HOUR_MS);
	const phrase = excludedPhrase();
	const collect = (n: number, name: string, before?: Step['before']): Step => ({
		name,
		flow: 'collect',
		at: hour(n),
		before,
	});
	return [
		collect(0, 'collect (backfill)'),
		collect(1, `collect (${RULE_SPIKE} notes titled "${phrase}")`, async () => {
			await postArrivals(sim.url, {
				endpoint: 'search_notes',
				keyword: 'acme',
				count: RULE_SPIKE,
				titlePhrase: phrase,
			});
		}),
		collect(2, 'collect (quiet hours begin)'),
		collect(3, 'collect (acme spike, not urgent)', async () => {
			const { acme } = spikeSizes(await server.rows('brand_mentions'));
			await postArrivals(sim.url, {
				endpoint: 'search_notes',
				keyword: 'acme',
				count: acme,
				negativeShare: 1,
			});
			await postArrivals(sim.url, {
				list: `note-comments:${sim.dataset.ids.noteId}`,
				count: COMPLAINTS,
				negativeShare: 1,
			});
		}),
		collect(4, 'collect (rival spike, urgent)', async () => {
			const { rival } = spikeSizes(await server.rows('brand_mentions'));
			await postArrivals(sim.url, {
				endpoint: 'search_notes',
				keyword: 'rival',
				count: rival,
				negativeShare: 1,
			});
		}),
		...[5, 6, 7, 8, 9, 10, 11].map((n) => collect(n, 'collect (quiet night)')),
		collect(12, 'collect (quiet hours end)'),
		{ name: 'daily report', flow: 'daily', at: hour(12) },
	];
}

/**
 * Spike sizes from the stored negatives (the usual level: their mean over Check Spikes' baseline
 * windows): acme's above the spike rule and, with its complaints and the hour's own negatives,
 * well below the urgent factor; rival's above the urgent factor.
 */
function spikeSizes(mentions: Array<Record<string, unknown>>): { acme: number; rival: number } {
	const usual = (brand: string) =>
		mentions.filter((row) => row.brand === brand && row.label === 'negative').length /
		SPIKE_RULE.baselineWindows;
	const acme = Math.max(SPIKE_RULE.minimumCount, Math.ceil(SPIKE_RULE.factor * usual('acme'))) + 1;
	const rival = Math.ceil(urgentFactor() * Math.max(usual('rival'), 1)) + 5;
	if (acme + COMPLAINTS + 6 >= urgentFactor() * Math.max(usual('acme'), 1))
		throw new Error(`acme's history is too negative for a spike below the urgent factor`);
	return { acme, rival };
}

/** The real service has no virtual clock: one collection now, then the report of what it stored. */
function realServiceRun(): Step[] {
	const now = () => new Date();
	return [
		{ name: 'collect (backfill)', flow: 'collect', at: now },
		{ name: 'daily report', flow: 'daily', at: now },
	];
}

/** The posts whose comments the collector reads: each platform's, as the team names them in Settings. */
function watchedPosts(sim: Simulator) {
	const { ids } = sim.dataset;
	return [
		{ brand: 'acme', platform: 'douyin', id: ids.awemeId, label: 'acme launch video' },
		{ brand: 'acme', platform: 'notes', id: ids.noteId, label: 'acme review by an influencer' },
		{ brand: 'rival', platform: 'channels', id: ids.objectId, label: 'rival live replay' },
		{ brand: 'rival', platform: 'articles', url: ids.articleUrl, label: 'rival press article' },
	];
}

/** A spike through the simulator's control endpoint, as a test in another process would add one. */
async function postArrivals(simUrl: string, spike: Record<string, unknown>) {
	const response = await fetch(`${simUrl}/__sim/arrivals`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(spike),
	});
	if (!response.ok) throw new Error(`POST /__sim/arrivals: HTTP ${response.status}`);
}

/** "23:00" on the demo's clock. */
const localTime = (at: Date) =>
	new Intl.DateTimeFormat('en-GB', {
		timeZone: TIME_ZONE,
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	}).format(at);

async function tick(
	step: Step,
	context: { server: BrandFlowServer; sim?: Simulator; smtp: SmtpSink; bots: ChatReceivers },
	mentionsBefore: number,
): Promise<StepResult> {
	const { server, sim, smtp, bots } = context;
	const at = step.at();
	if (sim) sim.clock.advance(at.getTime() - sim.clock.now());
	await step.before?.();
	const mailsBefore = smtp.messages.length;
	const chatBefore = Object.fromEntries(BOTS.map((bot) => [bot, bots[bot].received.length]));
	const creditsBefore = sim?.ledger.credits() ?? 0;
	const billedBefore = sim?.ledger.billedCalls() ?? 0;
	const modelBefore = sim ? modelCalls(sim) : 0;
	// The webhook answers when the flow's last node finished: its mails and chat messages are in.
	await server.tick(step.flow, at);
	const collected = step.flow === 'collect';
	const ruleHint = collected
		? (await server.lastExecutionTexts('collect', /^Keyword rules kept/))[0]
		: undefined;
	return {
		step: step.name,
		flow: step.flow,
		at: at.toISOString(),
		...(sim && { localTime: localTime(at) }),
		// n8n starts empty and the flows create their tables: the rows up to here are the earlier ticks'.
		newMentions: (await server.rows('brand_mentions')).length - mentionsBefore,
		mails: smtp.messages.slice(mailsBefore).map((mail) => ({
			to: mail.to,
			subject: subjectOfMail(mail.data),
			html: htmlOfMail(mail.data),
		})),
		chat: Object.fromEntries(
			BOTS.map((bot) => [
				bot,
				bots[bot].received.slice(chatBefore[bot]).map((entry) => ({
					accepted: entry.accepted,
					answer: entry.answer.body,
					message: entry.message,
				})),
			]),
		) as StepResult['chat'],
		...(sim &&
			collected && {
				held: (await server.rows('brand_held_alerts')).map((row) => String(row.brand)),
			}),
		...(ruleHint && { ruleHint }),
		...(sim && {
			credits: rounded(sim.ledger.credits() - creditsBefore),
			billedCalls: sim.ledger.billedCalls() - billedBefore,
			modelCalls: modelCalls(sim) - modelBefore,
		}),
	};
}

function printTick(result: StepResult) {
	const notes = [
		`${String(result.newMentions).padStart(4)} new mentions`,
		...(result.credits === undefined
			? []
			: [`${result.credits.toFixed(2)} credits, ${result.modelCalls} model calls`]),
		...(result.ruleHint ? [`rules: ${result.ruleHint.replace(/^Keyword rules /, '')}`] : []),
		...(result.held?.length ? [`held: ${result.held.join(', ')}`] : []),
		...result.mails.map((mail) => `mail to ${mail.to.join(', ')}: ${mail.subject}`),
	];
	const chats = BOTS.filter((bot) => accepted(result, bot).length > 0).map(
		(bot) => `${BOT_NAMES[bot]} ${accepted(result, bot).length}`,
	);
	if (chats.length > 0) notes.push(`chat: ${chats.join(', ')}`);
	console.log(`  ${result.localTime ?? result.at}  ${result.step.padEnd(40)} ${notes.join('; ')}`);
}

const accepted = (result: StepResult, bot: Bot) =>
	result.chat[bot].filter((entry) => entry.accepted).map((entry) => entry.message);

const modelCalls = (sim: Simulator) =>
	sim.requests.filter((request) => request.path === '/v1/chat/completions').length;

/** A held-alert digest: Build Digest's subject ("acme: 1 spike alert held during quiet hours"). */
const isDigest = (mail: SentMail) => /held during quiet hours/.test(mail.subject);

/** Which brands a chat message or mail names, for the table of who got what. */
const brandsIn = (content: unknown, brands: string[]) =>
	brands.filter((brand) => JSON.stringify(content).toLowerCase().includes(brand));

async function writeOutputs(context: {
	results: StepResult[];
	server: BrandFlowServer;
	sim?: Simulator;
	smtp: SmtpSink;
	bots: ChatReceivers;
}) {
	const { results, server, sim, bots } = context;
	const daily = results.find((result) => result.flow === 'daily')!;
	const report = daily.mails[0];
	if (!report) throw new Error('the daily report sent no e-mail');
	const collectorMails = results
		.filter((result) => result.flow === 'collect')
		.flatMap((result) => result.mails);
	const alerts = collectorMails.filter((mail) => !isDigest(mail));
	const digests = collectorMails.filter(isDigest);
	if (sim && (alerts.length !== 1 || digests.length !== 1))
		throw new Error(
			`the night should send one alert at once and one digest, the collector sent ${alerts.length} alerts and ${digests.length} digests`,
		);

	fs.mkdirSync(OUT_DIR, { recursive: true });
	// A run without an alert must not leave an earlier run's alert beside its report.
	for (const file of OUTPUT_FILES) fs.rmSync(path.join(OUT_DIR, file), { force: true });
	const written: string[] = [];
	const write = (file: string, text: string) => {
		fs.writeFileSync(path.join(OUT_DIR, file), text);
		written.push(file);
	};
	write('report.html', report.html);
	if (await screenshot(report.html, 'report.png')) written.push('report.png');
	const markdown = chatMarkdown(daily);
	write('report.md', `${markdown}\n`);
	if (alerts[0]) {
		write('alert.html', alerts[0].html);
		if (await screenshot(alerts[0].html, 'alert.png')) written.push('alert.png');
	}
	const digestTick = results.find((result) => result.mails.some(isDigest));
	if (digestTick) {
		write('digest.html', digests[0].html);
		write('digest.md', `${chatMarkdown(digestTick)}\n`);
	}
	const brands = sim ? shippedBrands().map((brand) => brand.brand) : [];
	const deliveries = deliveriesOf(results, brands);
	if (sim) write('deliveries.md', deliveriesMarkdown(deliveries));
	const chat = results.map(({ step, at, localTime, chat }) => ({ step, at, localTime, ...chat }));
	write('chat-messages.json', `${JSON.stringify(chat, null, 2)}\n`);

	const mentions = await server.rows('brand_mentions');
	const runs = await server.rows('brand_runs');
	const cost = {
		recordedByTheFlows: {
			credits: rounded(sum(runs, 'credits')),
			dataCalls: sum(runs, 'calls'),
			classificationModelCalls: sum(runs, 'modelCalls'),
		},
		...(sim && {
			simulatorLedger: {
				credits: rounded(sim.ledger.credits()),
				billedCalls: sim.ledger.billedCalls(),
				modelCalls: modelCalls(sim),
			},
		}),
	};
	const rule = sim ? ruleAtWork(sim, mentions, results) : undefined;
	const held = heldAlerts(results);
	const stories = mergedStories(markdown);
	write(
		'report.json',
		`${JSON.stringify(
			{
				service: sim ? 'simulator' : 'real',
				subject: report.subject,
				alerts: alerts.map((alert) => ({ to: alert.to, subject: alert.subject })),
				digests: digests.map((digest) => ({ to: digest.to, subject: digest.subject })),
				ticks: results.map(({ chat, mails, ...result }) => ({
					...result,
					mails: mails.map(({ to, subject }) => ({ to, subject })),
				})),
				...(rule && { rule }),
				held,
				deliveries,
				mergedStories: stories,
				mentions: countMentions(mentions),
				storedRows: {
					brand_mentions: mentions.length,
					brand_runs: runs.length,
					brand_alerts: (await server.rows('brand_alerts')).length,
					brand_held_alerts: (await server.rows('brand_held_alerts')).length,
					brand_reports: (await server.rows('brand_reports')).length,
				},
				cost,
			},
			null,
			2,
		)}\n`,
	);

	console.log(`\nReport: ${report.subject}`);
	for (const alert of alerts) console.log(`Alert:  ${alert.subject}`);
	if (alerts.length === 0) console.log('Alert:  none (no spike in this run)');
	if (rule)
		console.log(
			`Rule:   acme's rule leaves out "${rule.phrase}": ${rule.dropped.map((drop) => `${drop.localTime} Match Keyword Rules ${drop.hint.replace(/^Keyword rules /, '')}`).join('; ') || 'nothing dropped'}; the simulator's acme notes name it in ${rule.foundBySearch} titles, brand_mentions in ${rule.stored}`,
		);
	for (const line of routeLines(deliveries)) console.log(`Route:  ${line}`);
	for (const wait of held)
		console.log(
			`Held:   ${wait.brand}'s alert held at ${wait.heldAt}${wait.sentAt ? `, sent in the digest at ${wait.sentAt}: ${wait.digest}` : ', not sent yet'}`,
		);
	for (const story of stories)
		console.log(`Story:  "${story.title}" is one line of the report: ${story.platforms}`);
	if (sim && stories.length === 0) console.log('Story:  none merged in the report');
	for (const [brand, platforms] of Object.entries(countMentions(mentions)))
		for (const [platform, labels] of Object.entries(platforms))
			console.log(
				`  ${brand.padEnd(8)} ${platform.padEnd(18)} ${Object.entries(labels)
					.map(([label, n]) => `${label} ${n}`)
					.join(', ')}`,
			);
	console.log(
		`  chat: ${bots.feishu.accepted().length} Feishu, ${bots.wecom.accepted().length} WeCom, ${bots.dingtalk.accepted().length} DingTalk messages accepted, ${bots.feishu.refused().length + bots.wecom.refused().length + bots.dingtalk.refused().length} refused`,
	);
	const recorded = cost.recordedByTheFlows;
	console.log(
		`  cost recorded in brand_runs: ${recorded.credits.toFixed(2)} credits for ${recorded.dataCalls} data calls, ${recorded.classificationModelCalls} classification model calls`,
	);
	if (cost.simulatorLedger)
		console.log(
			`  simulator ledger: ${cost.simulatorLedger.credits.toFixed(2)} credits for ${cost.simulatorLedger.billedCalls} billed data calls; ${cost.simulatorLedger.modelCalls} model calls (classification and the day's summary)`,
		);
	const shown = path.relative(process.cwd(), OUT_DIR) || '.';
	console.log(`\nWritten to ${shown}/: ${written.join(', ')}`);
}

/**
 * The rule at work, two ways: Match Keyword Rules' hints, and the simulator's acme notes whose
 * titles name the excluded phrase against the stored mentions that do.
 */
function ruleAtWork(
	sim: Simulator,
	mentions: Array<Record<string, unknown>>,
	results: StepResult[],
) {
	const phrase = excludedPhrase();
	const names = (title: unknown) => String(title).toLowerCase().includes(phrase.toLowerCase());
	return {
		brand: 'acme',
		phrase,
		dropped: results
			.filter((result) => result.ruleHint)
			.map((result) => ({ localTime: result.localTime, hint: result.ruleHint! })),
		foundBySearch: sim.dataset.searchNotes('acme').filter((hit) => names(hit.note.title)).length,
		stored: mentions.filter((row) => row.brand === 'acme' && names(row.title)).length,
	};
}

/** When each brand's alert started waiting and the digest that sent it. */
function heldAlerts(results: StepResult[]) {
	const waits: Array<{ brand: string; heldAt?: string; sentAt?: string; digest?: string }> = [];
	let waiting: typeof waits = [];
	for (const result of results.filter((step) => step.held)) {
		const held = new Set(result.held);
		for (const brand of held)
			if (!waiting.some((wait) => wait.brand === brand)) {
				const wait = { brand, heldAt: result.localTime };
				waits.push(wait);
				waiting.push(wait);
			}
		const digest = result.mails.find(isDigest);
		for (const wait of waiting.filter((candidate) => !held.has(candidate.brand))) {
			wait.sentAt = result.localTime;
			wait.digest = digest?.subject ?? 'no digest e-mail';
		}
		waiting = waiting.filter((wait) => held.has(wait.brand));
	}
	return waits;
}

interface Delivery {
	localTime?: string;
	what: 'alert' | 'digest' | 'report';
	/** The alert's or digest's subject; for a chat message, the brands it names. */
	content: string;
	to: string;
}

/** Who got what: each e-mail with its recipients, each accepted chat message with its bot. */
function deliveriesOf(results: StepResult[], brands: string[]): Delivery[] {
	return results.flatMap((result) => {
		const what = (mail?: SentMail): Delivery['what'] =>
			result.flow === 'daily' ? 'report' : mail && isDigest(mail) ? 'digest' : 'alert';
		const kind = what(result.mails[0]);
		return [
			...result.mails.map((mail) => ({
				localTime: result.localTime,
				what: what(mail),
				content: mail.subject,
				to: mail.to.join(', '),
			})),
			...BOTS.flatMap((bot) =>
				accepted(result, bot).map((message) => ({
					localTime: result.localTime,
					what: kind,
					content: `a message naming ${brandsIn(message, brands).join(' and ') || 'no brand'}`,
					to: `${BOT_NAMES[bot]} bot`,
				})),
			),
		];
	});
}

function deliveriesMarkdown(deliveries: Delivery[]): string {
	const rows = deliveries
		.filter((delivery) => delivery.what !== 'report')
		.map(
			(delivery) =>
				`| ${delivery.localTime ?? ''} | ${delivery.what} | ${delivery.content.replace(/\|/g, '\\|')} | ${delivery.to} |`,
		);
	return [
		'# Who got which alert',
		'',
		`The team's route: ${TEAM_MAIL}, the Feishu and DingTalk bots; rival's route (Settings › brands): its own alertTo and its own WeCom bot. Times in ${TIME_ZONE}. The daily report went to the team's route and, as rival names a bot of its own, to rival's WeCom bot too.`,
		'',
		'| time | kind | what | to |',
		'| ---- | ---- | ---- | -- |',
		...rows,
		'',
	].join('\n');
}

/** "rival's alert (00:00): rival-watch@example.com, WeCom bot" — each alert and digest with its recipients. */
function routeLines(deliveries: Delivery[]): string[] {
	const sent = new Map<string, string[]>();
	for (const delivery of deliveries.filter((candidate) => candidate.what !== 'report')) {
		const key = `${delivery.what} at ${delivery.localTime ?? '?'}`;
		sent.set(key, [...(sent.get(key) ?? []), delivery.to]);
	}
	return [...sent].map(([key, to]) => {
		const subject = deliveries.find(
			(delivery) =>
				`${delivery.what} at ${delivery.localTime ?? '?'}` === key && !delivery.to.endsWith('bot'),
		)?.content;
		return `${key}${subject ? ` ("${subject}")` : ''} → ${to.join(', ')}`;
	});
}

/** Platforms as the English report names them. */
const PLATFORM = '(?:Douyin|Notes|Articles|Videos|Web)(?: ×\\d+)?';
const STORY_LINE = new RegExp(`^\\d+\\. (.+) — (${PLATFORM}(?: · ${PLATFORM})+)(?::|$)`);

/** The lines of the report that list a story on several platforms, with those platforms. */
function mergedStories(markdown: string): Array<{ title: string; platforms: string }> {
	const stories = new Map<string, string>();
	for (const line of markdown.split('\n')) {
		const plain = line
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/\\(.)/g, '$1')
			.trim();
		const match = STORY_LINE.exec(plain);
		if (match && !stories.has(match[1])) stories.set(match[1], match[2]);
	}
	return [...stories].map(([title, platforms]) => ({ title, platforms }));
}

/** The PNG shows how a mail client renders the HTML; without a Chromium the demo still succeeds. */
async function screenshot(html: string, file: string): Promise<boolean> {
	return screenshotReport(html, path.join(OUT_DIR, file)).then(
		() => true,
		(error: unknown) => {
			console.warn(`  (no ${file}: ${error instanceof Error ? error.message : String(error)})`);
			return false;
		},
	);
}

/** What the DingTalk bot received in a tick (the report, a digest): Markdown, one message after another. */
function chatMarkdown(result: StepResult): string {
	return accepted(result, 'dingtalk')
		.map((message) => (message as { markdown?: { text?: string } }).markdown?.text ?? '')
		.join('\n\n---\n\n');
}

function countMentions(rows: Array<Record<string, unknown>>) {
	const counts: Record<string, Record<string, Record<string, number>>> = {};
	for (const row of rows) {
		const platforms = (counts[String(row.brand)] ??= {});
		const source =
			row.kind === 'comment' ? `${String(row.platform)} comments` : String(row.platform);
		const labels = (platforms[source] ??= {});
		labels[String(row.label)] = (labels[String(row.label)] ?? 0) + 1;
	}
	return counts;
}

/** Credits are tenths: sums of floats show them as 0.5999999999999996. */
const rounded = (credits: number) => Math.round(credits * 1000) / 1000;

const sum = (rows: Array<Record<string, unknown>>, field: string) =>
	rows.reduce((total, row) => total + (typeof row[field] === 'number' ? row[field] : 0), 0);

main().catch((error) => {
	console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
});
