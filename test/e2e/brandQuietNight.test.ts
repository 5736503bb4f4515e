/**
 * The brand flows as shipped across one quiet night in a real n8n 2.41.1 (Asia/Shanghai), with
 * routes per brand: acme on the team's route (its e-mail, the team's Feishu bot), rival on a route
 * of its own (its e-mail, its WeCom bot), quiet hours 22:00–08:00. The collector runs every two
 * hours from 20:00 (the spike window set to match). At 00:00 acme's negative mentions jump: the
 * alert waits in brand_held_alerts; at 02:00 rival's jump far above its usual level: urgent, sent
 * at once to rival's route only. n8n restarts while acme's alert waits; the run at 06:00 is still
 * quiet; the first run at 08:00 sends acme's route one digest, and the held rows are gone; the run
 * at 10:00 sends nothing again. About 3 minutes once n8n is cached.
 */
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';
import { withParameters } from '../../tools/brandMonitoring/flows';
import { startBrandFlowServer, type BrandFlowServer } from '../../tools/brandMonitoring/flowServer';
import { subjectOfMail } from '../../tools/brandMonitoring/mailHtml';
import {
	startChatReceivers,
	type ChatReceiver,
	type ChatReceivers,
} from '../../tools/chatReceivers';
import { packProject } from '../../tools/n8n/installPack';
import {
	smtpSinkCredential,
	startSmtpSink,
	type SmtpSink,
	type SunkMail,
} from '../../tools/smtpSink';

jest.setTimeout(10 * 60_000);

const HOUR = 3_600_000;
const CADENCE = 2 * HOUR;
const TEAM_MAIL = 'marketing@example.com';
const RIVAL_MAIL = 'rival-watch@example.com';
const FEISHU_SECRET = 'feishu-signing-secret';
const URGENT_FACTOR = 20;
/** Baseline Days of Check Spikes over the 2-hour windows: the usual level is the mean of 84 windows. */
const BASELINE_WINDOWS = (7 * 24) / 2;

type Row = Record<string, unknown>;

interface Night {
	/** Local clock time of the run (Shanghai, UTC+8 all year). */
	clock: string;
	mails: SunkMail[];
	feishu: unknown[];
	wecom: unknown[];
	held: Row[];
}

let sim: Simulator;
let bots: ChatReceivers;
let smtp: SmtpSink;
let server: BrandFlowServer;
const nights: Night[] = [];
let spikes: { acme: number; rival: number };

const localClock = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(11, 16);
const accepted = (receiver: ChatReceiver) => receiver.accepted().map((entry) => entry.message);

async function run(prepare?: () => Promise<void>): Promise<Night> {
	await prepare?.();
	const before = { mails: smtp.messages.length, feishu: accepted(bots.feishu).length };
	const wecomBefore = accepted(bots.wecom).length;
	await server.tick('collect', new Date(sim.clock.now()));
	const night: Night = {
		clock: localClock(sim.clock.now()),
		mails: smtp.messages.slice(before.mails),
		feishu: accepted(bots.feishu).slice(before.feishu),
		wecom: accepted(bots.wecom).slice(wecomBefore),
		held: await server.rows('brand_held_alerts'),
	};
	nights.push(night);
	return night;
}

async function negativeNotes(brand: string, count: number): Promise<void> {
	const answer = await fetch(`${sim.url}/__sim/arrivals`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ count, endpoint: 'search_notes', keyword: brand, negativeShare: 1 }),
	});
	expect(answer.status).toBe(200);
}

/**
 * Spike sizes from the backfill's negatives (the usual level: their mean over 84 windows): acme's
 * above its threshold and below the urgent factor, rival's above the urgent factor.
 */
function spikeSizes(mentions: Row[]): { acme: number; rival: number } {
	const usual = (brand: string) =>
		mentions.filter((row) => row.brand === brand && row.label === 'negative').length /
		BASELINE_WINDOWS;
	const acme = Math.max(5, Math.ceil(3 * usual('acme'))) + 1;
	const rival = Math.ceil(URGENT_FACTOR * Math.max(usual('rival'), 1)) + 5;
	if (acme >= URGENT_FACTOR * Math.max(usual('acme'), 1))
		throw new Error(`acme's backfill is too negative for a spike below the urgent factor`);
	return { acme, rival };
}

const settings = () => ({
	brands: JSON.stringify([
		{ brand: 'acme', terms: ['acme'], exclude: [] },
		{
			brand: 'rival',
			terms: ['rival'],
			exclude: [],
			alertTo: RIVAL_MAIL,
			bots: { wecomUrl: bots.wecom.url },
		},
	]),
	alertTo: TEAM_MAIL,
	reportTo: TEAM_MAIL,
	feishuUrl: bots.feishu.url,
	feishuSecret: FEISHU_SECRET,
	quietHours: JSON.stringify({
		from: '22:00',
		to: '08:00',
		email: 'hold',
		urgentFactor: URGENT_FACTOR,
	}),
});

beforeAll(async () => {
	sim = await startSimulator({ pageSize: 10 });
	bots = await startChatReceivers({ feishuSecret: FEISHU_SECRET });
	smtp = await startSmtpSink();
	server = await startBrandFlowServer({
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball: await packProject({ build: true, copyFirst: true, quiet: true }),
		settings: settings(),
		adjust: { collect: (flow) => withParameters(flow, 'Check Spikes', { windowMinutes: 120 }) },
		credentials: [smtpSinkCredential(smtp.port)],
		secrets: [FEISHU_SECRET],
		timeZone: 'Asia/Shanghai',
		quiet: true,
	});
	// 20:00 the backfill; 22:00 quiet hours begin; 00:00 acme's spike; 02:00 rival's, urgent.
	await run();
	spikes = spikeSizes(await server.rows('brand_mentions'));
	sim.clock.advance(CADENCE);
	await run();
	sim.clock.advance(CADENCE);
	await run(() => negativeNotes('acme', spikes.acme));
	sim.clock.advance(CADENCE);
	await run(() => negativeNotes('rival', spikes.rival));
	// n8n restarts while acme's alert waits.
	await server.change({});
	sim.clock.advance(2 * CADENCE);
	await run();
	sim.clock.advance(CADENCE);
	await run();
	sim.clock.advance(CADENCE);
	await run();
});

afterAll(async () => {
	await server?.stop();
	await bots?.close();
	await smtp?.close();
	await sim?.close();
});

const night = (clock: string) => nights.find((candidate) => candidate.clock === clock)!;
const mentionsBrand = (message: unknown, brand: string) => JSON.stringify(message).includes(brand);

describe('brand alerts across a quiet night in a real n8n', () => {
	it('runs at the local times of a night', () => {
		expect(nights.map((done) => done.clock)).toEqual([
			'20:00',
			'22:00',
			'00:00',
			'02:00',
			'06:00',
			'08:00',
			'10:00',
		]);
	});

	it('holds acme’s spike inside the quiet hours: no chat message, no e-mail, one row in brand_held_alerts', async () => {
		const spike = night('00:00');
		expect(spike.mails).toEqual([]);
		expect(spike.feishu).toEqual([]);
		expect(spike.wecom).toEqual([]);
		expect(spike.held).toEqual([
			expect.objectContaining({
				brand: 'acme',
				label: 'negative',
				count: spikes.acme,
				emailHeld: true,
			}),
		]);
		// Decided once: the alert is recorded as sent, so the next runs do not hold it again.
		const alerts = await server.rows('brand_alerts');
		expect(alerts.filter((alert) => alert.brand === 'acme')).toHaveLength(1);
	});

	it('sends rival’s urgent spike at once, to rival’s route only', () => {
		const urgent = night('02:00');
		expect(urgent.mails.map((mail) => [mail.to, subjectOfMail(mail.data)])).toEqual([
			[[RIVAL_MAIL], expect.stringMatching(/^rival: \d+ negative mentions in one window/)],
		]);
		expect(urgent.wecom).toHaveLength(1);
		expect(mentionsBrand(urgent.wecom[0], 'rival')).toBe(true);
		expect(urgent.feishu).toEqual([]);
		expect(urgent.held).toHaveLength(1);
	});

	it('keeps the held alert across the restart and through the quiet 06:00 run', () => {
		const stillQuiet = night('06:00');
		expect(stillQuiet.held).toEqual(night('00:00').held);
		expect([stillQuiet.mails, stillQuiet.feishu, stillQuiet.wecom]).toEqual([[], [], []]);
	});

	it('sends acme’s route one digest at the first run after 08:00, then deletes the held rows', () => {
		const morning = night('08:00');
		expect(morning.feishu).toHaveLength(1);
		const digest = JSON.stringify(morning.feishu[0]);
		expect(digest).toContain('Held during quiet hours');
		expect(digest.match(/\*\*1\. acme\*\*/g)).toHaveLength(1);
		expect(digest).not.toContain('rival');
		expect(morning.mails.map((mail) => [mail.to, subjectOfMail(mail.data)])).toEqual([
			[[TEAM_MAIL], 'acme: 1 spike alert held during quiet hours'],
		]);
		expect(morning.wecom).toEqual([]);
		expect(morning.held).toEqual([]);
	});

	it('each route received only its brand’s alerts, and nothing was sent twice', () => {
		const feishu = nights.flatMap((done) => done.feishu);
		const wecom = nights.flatMap((done) => done.wecom);
		expect(feishu).toHaveLength(1);
		expect(feishu.every((message) => !mentionsBrand(message, 'rival'))).toBe(true);
		expect(wecom).toHaveLength(1);
		expect(wecom.every((message) => !mentionsBrand(message, 'acme'))).toBe(true);
		const mails = nights.flatMap((done) => done.mails);
		expect(
			mails.filter((mail) => mail.to.includes(TEAM_MAIL)).map((mail) => subjectOfMail(mail.data)),
		).toEqual(['acme: 1 spike alert held during quiet hours']);
		expect(mails.filter((mail) => mail.to.includes(RIVAL_MAIL))).toHaveLength(1);
		expect([night('10:00').mails, night('10:00').feishu, night('10:00').wecom]).toEqual([
			[],
			[],
			[],
		]);
		expect(bots.feishu.refused()).toEqual([]);
		expect(bots.wecom.refused()).toEqual([]);
	});
});
