import * as fs from 'node:fs';
import * as path from 'node:path';
import { startBrandFlowServer, type BrandFlow } from '../tools/brandMonitoring/flowServer';
import { htmlOfMail, subjectOfMail } from '../tools/brandMonitoring/mailHtml';
import { screenshotReport } from '../tools/brandMonitoring/reportScreenshot';
import { packProject } from '../tools/n8n/installPack';
import { REPO_ROOT } from '../tools/n8n/n8nInstallLayout';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../simulator';
import { startChatReceivers, type ChatReceivers } from '../tools/chatReceivers';
import { smtpSinkCredential, startSmtpSink, type SmtpSink } from '../tools/smtpSink';

/**
 * The brand-monitoring pair (issue 21) in a real n8n: the hourly collector and the daily report,
 * published in one started n8n, their e-mails caught by a local SMTP sink and their chat messages by
 * local Feishu, WeCom and DingTalk bots. Against the simulator, the collector runs at virtual hours:
 * a backfill, two quiet hours, a spike of negative-heavy notes and complaints under a watched post
 * (one alert), then the daily report.
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
/** A wave of complaints about acme on the notes platform: 48 of the 60 posts negative. */
const SPIKE = { count: 60, endpoint: 'search_notes', keyword: 'acme', negativeShare: 0.8 };
/** Complaints under acme's watched note in the same hour: the report lists them to answer first. */
const COMPLAINTS = 4;
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

interface StepResult {
	step: string;
	flow: BrandFlow;
	at: string;
	newMentions: number;
	mails: string[];
	/** What each bot received during the tick, with its answer. */
	chat: Record<Bot, Array<{ accepted: boolean; answer: unknown; message: unknown }>>;
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
		const server = await startBrandFlowServer({
			gatewayUrl,
			apiKey,
			packTarball: tarball,
			settings: {
				...(sim && { watchedPosts: JSON.stringify(watchedPosts(sim)) }),
				alertTo: 'social-team@example.com',
				reportTo: 'social-team@example.com',
				feishuUrl: bots.feishu.url,
				feishuSecret: FEISHU_SECRET,
				wecomUrl: bots.wecom.url,
				dingtalkUrl: bots.dingtalk.url,
				dingtalkSecret: DINGTALK_SECRET,
			},
			credentials: [smtpSinkCredential(smtp.port)],
			secrets: [FEISHU_SECRET, DINGTALK_SECRET],
			// The team's time zone, e.g. GENERIC_TIMEZONE=Asia/Shanghai: dates and times in the reports.
			timeZone: process.env.GENERIC_TIMEZONE,
		});
		stopServer = () => server.stop();
		console.log(`n8n started at ${server.url} with both flows published`);

		const results: StepResult[] = [];
		const run = async (step: Step) => {
			const stored = results.reduce((sum, result) => sum + result.newMentions, 0);
			results.push(await tick(step, { server, sim, smtp: smtp!, bots: bots! }, stored));
			const last = results[results.length - 1];
			console.log(
				`  ${last.at}  ${step.name.padEnd(50)} ${String(last.newMentions).padStart(4)} new mentions` +
					`${last.credits === undefined ? '' : `, ${last.credits.toFixed(2)} credits, ${last.modelCalls} model calls`}` +
					`${last.mails.length > 0 ? `; mail: ${last.mails.join(' | ')}` : ''}`,
			);
		};
		console.log('\nTicks (what each schedule would have run):');
		for (const step of sim ? simulatedDay(sim) : realServiceRun()) await run(step);

		await writeOutputs({ results, server, sim, smtp, bots });
	} finally {
		await stopServer?.();
		await bots?.close();
		await smtp?.close();
		await sim?.close();
	}
}

/** The simulator's day: a backfill, two quiet hours, a spike of notes on acme, the next report. */
function simulatedDay(sim: Simulator): Step[] {
	const start = sim.clock.now();
	const hour = (n: number) => () => new Date(start + n * HOUR_MS);
	return [
		{ name: 'collect (backfill)', flow: 'collect', at: hour(0) },
		{ name: 'collect (quiet hour)', flow: 'collect', at: hour(1) },
		{ name: 'collect (quiet hour)', flow: 'collect', at: hour(2) },
		{
			name: `collect (spike: ${SPIKE.count} notes on ${SPIKE.keyword}, ${SPIKE.negativeShare * 100}% negative)`,
			flow: 'collect',
			at: hour(3),
			before: async () => {
				await postArrivals(sim.url, SPIKE);
				await postArrivals(sim.url, {
					list: `note-comments:${sim.dataset.ids.noteId}`,
					count: COMPLAINTS,
					negativeShare: 1,
				});
			},
		},
		{ name: 'daily report', flow: 'daily', at: hour(4) },
	];
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

async function tick(
	step: Step,
	context: {
		server: Awaited<ReturnType<typeof startBrandFlowServer>>;
		sim?: Simulator;
		smtp: SmtpSink;
		bots: ChatReceivers;
	},
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
	return {
		step: step.name,
		flow: step.flow,
		at: at.toISOString(),
		// n8n starts empty and the flows create their tables: the rows up to here are the earlier ticks'.
		newMentions: (await server.rows('brand_mentions')).length - mentionsBefore,
		mails: smtp.messages.slice(mailsBefore).map((mail) => subjectOfMail(mail.data)),
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
		...(sim && {
			credits: rounded(sim.ledger.credits() - creditsBefore),
			billedCalls: sim.ledger.billedCalls() - billedBefore,
			modelCalls: modelCalls(sim) - modelBefore,
		}),
	};
}

const modelCalls = (sim: Simulator) =>
	sim.requests.filter((request) => request.path === '/v1/chat/completions').length;

async function writeOutputs(context: {
	results: StepResult[];
	server: Awaited<ReturnType<typeof startBrandFlowServer>>;
	sim?: Simulator;
	smtp: SmtpSink;
	bots: ChatReceivers;
}) {
	const { results, server, sim, smtp, bots } = context;
	const mails = smtp.messages.map((mail) => ({
		subject: subjectOfMail(mail.data),
		html: htmlOfMail(mail.data),
	}));
	const reportMailIndex = results
		.slice(
			0,
			results.findIndex((result) => result.flow === 'daily'),
		)
		.reduce((sum, result) => sum + result.mails.length, 0);
	const report = mails[reportMailIndex];
	if (!report) throw new Error('the daily report sent no e-mail');
	const alerts = mails.slice(0, reportMailIndex);
	if (sim && alerts.length !== 1)
		throw new Error(`the spike should raise one alert, the collector sent ${alerts.length}`);

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
	const daily = results.find((result) => result.flow === 'daily')!;
	write('report.md', `${reportMarkdown(daily)}\n`);
	if (alerts[0]) {
		write('alert.html', alerts[0].html);
		if (await screenshot(alerts[0].html, 'alert.png')) written.push('alert.png');
	}
	const chat = results.map(({ step, at, chat }) => ({ step, at, ...chat }));
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
	write(
		'report.json',
		`${JSON.stringify(
			{
				service: sim ? 'simulator' : 'real',
				subject: report.subject,
				alerts: alerts.map((alert) => alert.subject),
				ticks: results.map(({ chat, ...result }) => result),
				mentions: countMentions(mentions),
				storedRows: {
					brand_mentions: mentions.length,
					brand_runs: runs.length,
					brand_alerts: (await server.rows('brand_alerts')).length,
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

/** The daily report as the DingTalk bot received it: Markdown, one message after another. */
function reportMarkdown(daily: StepResult): string {
	return daily.chat.dingtalk
		.filter((entry) => entry.accepted)
		.map((entry) => (entry.message as { markdown?: { text?: string } }).markdown?.text ?? '')
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
