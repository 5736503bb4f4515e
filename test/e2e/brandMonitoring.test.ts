/**
 * The brand-monitoring pair as shipped (examples/brand-monitoring-hourly-collect.json and
 * brand-monitoring-daily-report.json) in one started n8n 2.41.1 against the simulator, across two
 * simulated days: two brands, four searches each (Douyin among them) and the comments under four
 * watched posts (one per platform), the schedules replayed at the simulator's virtual
 * times (every 6 hours for the collector, with the spike window set to match; once a day for the
 * report), n8n in Asia/Shanghai as a team in China runs it. A quiet day, a spike of 200 new notes
 * about acme that goes on into the next run (one alert, not two), complaints under acme's watched
 * note in the same run and under rival's watched video later (listed in the report to answer
 * first, each with its post's link), a 503 outage of the article
 * search and the catch-up an hour later (reported as caught up). On day 1 the search index lists a
 * note and an article late, below posts a run already stored. Before day 2 the team changes the
 * flows the way docs/daily-report.md says, each in one place: a brand, a recipient and a bot
 * (DingTalk) in the settings workflow's Settings, a source (one Social Data node behind Which
 * Source's search output and one input of All Sources) in the collector. E-mail into an SMTP sink; Feishu, WeCom and DingTalk into local
 * bots that enforce their formats, limits and signatures. About 4 minutes once n8n is cached.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../../simulator';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { withParameters, withSettings } from '../../tools/brandMonitoring/flows';
import { startBrandFlowServer, type BrandFlowServer } from '../../tools/brandMonitoring/flowServer';
import { chatPreviewHtml } from '../../tools/brandMonitoring/chatPreview';
import { htmlOfMail, subjectOfMail } from '../../tools/brandMonitoring/mailHtml';
import { screenshotHtml, screenshotReport } from '../../tools/brandMonitoring/reportScreenshot';
import { packProject } from '../../tools/n8n/installPack';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';
import { startChatReceivers, type ChatReceivers } from '../../tools/chatReceivers';
import {
	smtpSinkCredential,
	startSmtpSink,
	type SmtpSink,
	type SunkMail,
} from '../../tools/smtpSink';

jest.setTimeout(15 * 60_000);

const HOUR = 3_600_000;
const CADENCE = 6 * HOUR;
const PAGE_SIZE = 10;
const SPIKE = 200;
const SPIKE_NEGATIVE_SHARE = 0.5;
/** The brands of day 1; the team adds NEW_BRAND before day 2. */
const DAY1_BRANDS = ['acme', 'rival'];
const NEW_BRAND = 'nova';
const BRANDS = [...DAY1_BRANDS, NEW_BRAND];
/** The source added before day 2: the videos of one creator account matching each term. */
const NEW_SOURCE = 'Search Creator Videos';
const CREATOR = 'v2_0a1b2c3d4e5f@finder';
const REPORT_TO = 'marketing@example.com';
const ADDED_RECIPIENT = 'pr-team@example.com';
const FEISHU_SECRET = 'feishu-signing-secret';
const DINGTALK_SECRET = 'SECdingtalk-signing-secret';
/** The searches every brand's terms go through from day 1. */
const SEARCHES = ['search_notes', 'fetch_search', 'fetch_search_videos', 'fetch_general_search_v1'];
type WatchedPlatform = 'douyin' | 'notes' | 'channels' | 'articles';
interface WatchedPost {
	brand: string;
	platform: WatchedPlatform;
	id?: string;
	url?: string;
	label: string;
}
/** The comment list each watched post is read from (its walks' `source` in brand_runs). */
const COMMENT_LIST: Record<WatchedPlatform, string> = {
	douyin: 'fetch_video_comments',
	notes: 'get_note_comments',
	channels: 'fetch_video_comments',
	articles: 'fetch_article_comments',
};
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-artifacts', 'brand-report');
/** n8n's GENERIC_TIMEZONE: Shanghai keeps UTC+8 all year, so local times here are UTC plus 8 hours. */
const TIME_ZONE = 'Asia/Shanghai';
const local = (ms: number) => new Date(ms + 8 * HOUR).toISOString();
const localDay = (ms: number) => local(ms).slice(0, 10);
const localClock = (ms: number) => local(ms).slice(11, 16);
/** "2025-06-02 20:00–2025-06-03 02:00 (UTC+8)", as Brand Report writes a span of time. */
const localSpan = (from: number, to: number) =>
	`${localDay(from)} ${localClock(from)}–${localDay(to) === localDay(from) ? '' : `${localDay(to)} `}${localClock(to)} (UTC+8)`;

type Row = Record<string, unknown>;

interface Tick {
	flow: 'collect' | 'daily';
	at: number;
	billed: number;
	credits: number;
	/** Classification and summary calls the tick made. */
	modelCalls: number;
	mails: SunkMail[];
}

let sim: Simulator;
let bots: ChatReceivers;
let smtp: SmtpSink;
let server: BrandFlowServer;
const ticks: Tick[] = [];
let T0: number;
let dingTalkBefore: number;
/** The posts the team watches (Settings › watchedPosts), the simulator's well-known ones. */
let watched: WatchedPost[];

async function tick(flow: Tick['flow'], prepare?: () => Promise<void> | void): Promise<Tick> {
	await prepare?.();
	const billedBefore = sim.ledger.billedCalls();
	const creditsBefore = sim.ledger.credits();
	const modelBefore = modelRequests().length;
	const mailsBefore = smtp.messages.length;
	const at = sim.clock.now();
	await server.tick(flow, new Date(at));
	const done: Tick = {
		flow,
		at,
		billed: sim.ledger.billedCalls() - billedBefore,
		credits: sim.ledger.credits() - creditsBefore,
		modelCalls: modelRequests().length - modelBefore,
		mails: smtp.messages.slice(mailsBefore),
	};
	ticks.push(done);
	return done;
}

type Node = WorkflowJson['nodes'][number];

/** Day 2's changes to the settings workflow: a brand, a recipient and a bot, all in Settings. */
function day2Settings(flow: WorkflowJson): WorkflowJson {
	const settings = flow.nodes.find((node) => node.name === 'Settings')!;
	const { assignments } = (
		settings.parameters as { assignments: { assignments: Array<{ name: string; value: string }> } }
	).assignments;
	const brands = JSON.parse(
		assignments.find((entry) => entry.name === 'brands')!.value,
	) as unknown[];
	return withSettings(flow, {
		brands: JSON.stringify([...brands, { brand: NEW_BRAND, terms: [NEW_BRAND], exclude: [] }]),
		reportTo: `${REPORT_TO}, ${ADDED_RECIPIENT}`,
		dingtalkUrl: bots.dingtalk.url,
		dingtalkSecret: DINGTALK_SECRET,
	});
}

/** Day 2's new source in the collector: one Social Data node fed by Which Source's search output, one more input of All Sources. */
function withNewSource(flow: WorkflowJson): WorkflowJson {
	const videos = flow.nodes.find((node) => node.name === 'Search Videos')!;
	const { options } = videos.parameters as { options: Record<string, unknown> };
	const source: Node = {
		...videos,
		id: crypto.randomUUID(),
		name: NEW_SOURCE,
		position: [2640, 1100],
		parameters: {
			resource: 'channels',
			operation: 'fetch_search_channel_videos',
			username: CREATOR,
			keyword: '={{ $json.term }}',
			options: {
				mentions: true,
				onlyNew: true,
				walkSummary: true,
				unknownShape: 'fail',
				onlyNewMemoryIn: 'parameter',
				// The same expression as every search: the node takes its own memory from the list.
				onlyNewMemory: options.onlyNewMemory,
			},
		},
	};
	const connections = flow.connections as Record<
		string,
		{ main: Array<Array<Record<string, unknown>>> }
	>;
	const [searches, ...platforms] = connections['Which Source'].main;
	const inputs = (
		flow.nodes.find((node) => node.name === 'All Sources')!.parameters as {
			numberInputs: number;
		}
	).numberInputs;
	return withParameters(
		{
			...flow,
			nodes: [...flow.nodes, source],
			connections: {
				...connections,
				'Which Source': {
					main: [[...searches, { node: NEW_SOURCE, type: 'main', index: 0 }], ...platforms],
				},
				[NEW_SOURCE]: { main: [[{ node: 'All Sources', type: 'main', index: inputs }]] },
			},
		},
		'All Sources',
		{ numberInputs: inputs + 1 },
	);
}

/**
 * The 200 notes of a wave of complaints, half of them negative: far above Settings' urgent factor
 * (20 × the usual level), so its alert goes at once although the run falls in the quiet hours.
 */
async function spikeOfNotes(): Promise<void> {
	const spike = await fetch(`${sim.url}/__sim/arrivals`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			count: SPIKE,
			endpoint: 'search_notes',
			keyword: 'acme',
			negativeShare: SPIKE_NEGATIVE_SHARE,
		}),
	});
	expect(spike.status).toBe(200);
}

/** Posts written 30 minutes before this run that the search lists an hour later: the next run finds them below posts this run stored. */
const LATE_POSTS = [
	{ endpoint: 'search_notes', keyword: 'rival' },
	{ endpoint: 'fetch_search', keyword: 'acme', business_type: 'article' },
];
let latePostsAt: number;

async function latePosts(): Promise<void> {
	latePostsAt = sim.clock.now() - 30 * 60_000;
	for (const post of LATE_POSTS) {
		const answer = await fetch(`${sim.url}/__sim/arrivals`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ ...post, count: 1, writtenAt: latePostsAt, lateByMs: HOUR }),
		});
		expect(answer.status).toBe(200);
	}
}

/** Comments under a watched post, all complaints, written now: `list` as the simulator names it. */
async function complaints(list: string, count: number): Promise<void> {
	const answer = await fetch(`${sim.url}/__sim/arrivals`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ list, count, negativeShare: 1 }),
	});
	expect(answer.status).toBe(200);
}
const NOTE_COMPLAINTS = 3;
const VIDEO_COMPLAINTS = 2;

const modelRequests = () =>
	sim.requests.filter((request) => request.path === '/v1/chat/completions');
const later = () => sim.clock.advance(CADENCE);
const iso = (ms: number) => new Date(ms).toISOString();
const collectTicks = () => ticks.filter((done) => done.flow === 'collect');

const htmlOf = (mail: SunkMail) => htmlOfMail(mail.data);
const subjectOf = (mail: SunkMail) => subjectOfMail(mail.data);

beforeAll(async () => {
	sim = await startSimulator({ pageSize: PAGE_SIZE, arrivalEveryMs: CADENCE });
	T0 = sim.clock.now();
	const { ids } = sim.dataset;
	watched = [
		{ brand: 'acme', platform: 'douyin', id: ids.awemeId, label: 'acme launch video' },
		{ brand: 'acme', platform: 'notes', id: ids.noteId, label: 'acme review by an influencer' },
		{ brand: 'rival', platform: 'channels', id: ids.objectId, label: 'rival live replay' },
		{ brand: 'rival', platform: 'articles', url: ids.articleUrl, label: 'rival press article' },
	];
	bots = await startChatReceivers({ feishuSecret: FEISHU_SECRET, dingTalkSecret: DINGTALK_SECRET });
	smtp = await startSmtpSink();
	server = await startBrandFlowServer({
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball: await packProject({ build: true, copyFirst: true, quiet: true }),
		// Day 1 with two bots; DingTalk is added before day 2.
		settings: {
			watchedPosts: JSON.stringify(watched),
			reportTo: REPORT_TO,
			feishuUrl: bots.feishu.url,
			feishuSecret: FEISHU_SECRET,
			wecomUrl: bots.wecom.url,
		},
		// The test's collector runs every 6 hours, so a spike is looked for in 6-hour windows.
		adjust: { collect: (flow) => withParameters(flow, 'Check Spikes', { windowMinutes: 360 }) },
		credentials: [smtpSinkCredential(smtp.port)],
		secrets: [FEISHU_SECRET, DINGTALK_SECRET],
		timeZone: TIME_ZONE,
		quiet: true,
	});

	// Day 1: the backfill, three quiet runs; the first report at T0 + 24 h.
	for (let n = 0; n < 4; n++) {
		await tick('collect', n === 1 ? latePosts : undefined);
		later();
	}
	await tick('collect');
	await tick('daily');
	dingTalkBefore = bots.dingtalk.received.length;
	// The team's changes, each in one place: a brand, a recipient and a bot in Settings; a source.
	await server.change({ settings: day2Settings, collect: withNewSource });
	// Day 2: the first run with the changes an hour later, a spike of new notes about acme, a quiet
	// run, an outage of the article search, the catch-up an hour later, a quiet run; the second
	// report at T0 + 48 h.
	sim.clock.advance(HOUR);
	await tick('collect');
	sim.clock.advance(CADENCE - HOUR);
	await tick('collect', async () => {
		await spikeOfNotes();
		await complaints(`note-comments:${ids.noteId}`, NOTE_COMPLAINTS);
	});
	later();
	// The wave goes on: the same spike, which must not be alerted again.
	await tick('collect', spikeOfNotes);
	later();
	await tick('collect', async () => {
		sim.faults.queue(...BRANDS.map(() => ({ endpoint: 'fetch_search', status: 503 as const })));
		await complaints(`video-comments:${ids.objectId}`, VIDEO_COMPLAINTS);
	});
	sim.clock.advance(HOUR);
	await tick('collect');
	sim.clock.advance(CADENCE - HOUR);
	await tick('collect');
	await tick('daily');
});

afterAll(async () => {
	await server?.stop();
	await bots?.close();
	await smtp?.close();
	await sim?.close();
});

describe('brand monitoring across simulated days in a real n8n', () => {
	let mentions: Row[];
	let runs: Row[];
	let reports: Row[];
	let alerts: Row[];

	beforeAll(async () => {
		mentions = await server.rows('brand_mentions');
		runs = await server.rows('brand_runs');
		reports = await server.rows('brand_reports');
		alerts = await server.rows('brand_alerts');
		fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
		fs.writeFileSync(
			path.join(SCREENSHOT_DIR, 'days.json'),
			JSON.stringify(
				{
					ticks: ticks.map(({ mails, at, ...done }) => ({
						...done,
						at: iso(at),
						mails: mails.length,
					})),
					rows: { mentions: mentions.length, runs: runs.length, alerts: alerts.length },
					reports,
				},
				null,
				'\t',
			),
		);
	});

	it('stores every mention once per brand: the simulator lists, nothing missed, nothing doubled', () => {
		const keys = mentions.map((row) => `${String(row.brand)}|${String(row.key)}`);
		expect(new Set(keys).size).toBe(keys.length);
		for (const brand of BRANDS) {
			const stored = (platform: string) =>
				mentions.filter(
					(row) => row.brand === brand && row.platform === platform && row.kind === 'post',
				);
			const noteIds = sim.dataset
				.searchNotes(brand, { sort_type: 'time_descending' })
				.map((hit) => hit.id);
			expect(
				stored('notes')
					.map((row) => String(row.key).slice('notes:'.length))
					.sort(),
			).toEqual([...noteIds].sort());
			// The article search's hits name no vertical: they are articles because articles were asked for.
			expect(stored('articles')).toHaveLength(sim.dataset.searchHits(brand, 'article').length);
			expect(stored('web')).toEqual([]);
			// Douyin, the fourth search: every post its latest-first list holds for the term.
			expect(
				stored('douyin')
					.map((row) => String(row.key).slice('douyin:'.length))
					.sort(),
			).toEqual(
				sim.dataset
					.douyinSearch(brand, { sort_type: '2' })
					.map((post) => post.aweme_id)
					.sort(),
			);
			// The videos of both video searches: every video search hit, and the creator search's first page (read each run since it was added).
			const channels = stored('channels').map((row) => String(row.key).slice('channels:'.length));
			const videoIds = sim.dataset.searchVideoHits(brand).map((hit) => String(hit.docID));
			const creatorIds = sim.dataset
				.channelSearchVideos(CREATOR, brand)
				.map((hit) => String(hit.doc_id));
			expect(channels).toEqual(expect.arrayContaining(videoIds));
			expect(channels).toEqual(expect.arrayContaining(creatorIds.slice(0, PAGE_SIZE)));
			expect(channels.filter((id) => !videoIds.includes(id) && !creatorIds.includes(id))).toEqual(
				[],
			);
		}
	});

	it('pays only for what is new: one call per brand and source on a quiet run, the pages of the spike', async () => {
		const [backfill, ...rest] = collectTicks();
		expect(backfill.billed).toBeGreaterThan(DAY1_BRANDS.length * SEARCHES.length + watched.length);
		const [quiet1, quiet2, quiet3, day1last, changed, spike, spikeGoesOn, outage, catchUp, last] =
			rest;
		const runsAt = (done: Tick) => runs.filter((run) => run.runAt === iso(done.at));
		// A quiet run: one call per brand and search (day 2: five searches, three brands), and one
		// walk per watched post, one call for a list read newest first.
		const quietRuns: Array<[Tick, number]> = [
			...[quiet1, quiet2, quiet3, day1last].map((done): [Tick, number] => [
				done,
				DAY1_BRANDS.length * SEARCHES.length,
			]),
			...[catchUp, last].map((done): [Tick, number] => [
				done,
				BRANDS.length * (SEARCHES.length + 1),
			]),
		];
		for (const [quiet, searches] of quietRuns) {
			const walks = runsAt(quiet).filter((run) => run.source !== 'classification');
			const isCommentWalk = (run: Row) => Object.values(COMMENT_LIST).includes(String(run.source));
			const searchWalks = walks.filter((run) => !isCommentWalk(run));
			expect(searchWalks.map((run) => run.calls)).toEqual(Array(searches).fill(1));
			// Every walk names the platform of its list (its walk summary's), none left empty.
			for (const walk of walks) expect(walk.platform).toMatch(/^(douyin|notes|articles|channels)$/);
			const commentWalks = walks.filter(isCommentWalk);
			expect(commentWalks.map((run) => run.term).sort()).toEqual(
				watched.map((post) => post.label).sort(),
			);
			for (const walk of commentWalks.filter((run) => run.platform !== 'douyin'))
				expect([walk.term, walk.calls]).toEqual([walk.term, 1]);
		}
		// Every billed call is a call of a walk in brand_runs (the first run after the changes of
		// day 2 reads the new brand's and the new source's lists in full).
		const callsOf = (done: Tick, source?: string, brand?: string) =>
			runsAt(done)
				.filter((run) => (!source || run.source === source) && (!brand || run.brand === brand))
				.reduce((sum, run) => sum + Number(run.calls ?? 0), 0);
		for (const done of collectTicks()) expect(done.billed).toBe(callsOf(done));
		expect(changed.billed).toBeGreaterThanOrEqual(DAY1_BRANDS.length * 3);
		// The acme notes walk reads the 201 new notes (the spike and the steady one) on 21 pages;
		// the 21st also shows the note seen before and the first one older than the Look-Back
		// Margin (2 hours) below it, so no further page is paid.
		expect(callsOf(spike, 'search_notes', 'acme')).toBe(Math.ceil((SPIKE + 1) / PAGE_SIZE));
		// While the wave goes on, and at the next run, the 201 of the wave before, published at one
		// time, were published less than the Look-Back Margin before the last run began (by n8n's
		// clock: the schedule's time the collector passes on), so a note published just before
		// them may since have been listed below them: their pages are read again. The wave six
		// hours older was shown for a full margin by then: it is not.
		const insideMargin = (fresh: number) => Math.floor((fresh + SPIKE + 1) / PAGE_SIZE) + 1;
		expect(callsOf(spikeGoesOn, 'search_notes', 'acme')).toBe(insideMargin(SPIKE + 1));
		expect(callsOf(outage, 'search_notes', 'acme')).toBe(insideMargin(1));
		expect(callsOf(outage, 'fetch_search')).toBe(0);
		// The article searches failed unbilled; their memory stayed, so the next run caught up.
		const failures = runs.filter((run) => run.error);
		expect(failures.map((run) => [run.source, run.brand, run.runAt])).toEqual(
			BRANDS.map((brand) => ['fetch_search', brand, iso(outage.at)]),
		);
		// The memory of each search and term is a row of brand_memory, not workflow static data,
		// keyed by the query it belongs to (endpoint and input, the term among them).
		const memory = await server.rows('brand_memory');
		for (const row of memory)
			expect(row.key).toBe((JSON.parse(String(row.state)) as { query: string }).query);
		// Each search's memory keeps when its last full walk began by n8n's clock, the time the
		// collector passes on from its schedule (Settings › runAt): the virtual time of the last run,
		// not the wall clock. The other lists have no Look-Back Margin, so no walk time.
		for (const row of memory) {
			const [endpoint] = JSON.parse(String(row.key)) as [string];
			const { walkedAt } = JSON.parse(String(row.state)) as { walkedAt?: number };
			expect([endpoint, walkedAt]).toEqual([
				endpoint,
				SEARCHES.includes(endpoint) ? last.at : undefined,
			]);
		}
		const walked = memory.map((row) => {
			const [endpoint, input] = JSON.parse(String(row.key)) as [string, Record<string, string>];
			const what = input.keyword ?? input.aweme_id ?? input.note_id ?? input.object_id ?? input.url;
			return `${endpoint}:${what}`;
		});
		expect(walked.sort()).toEqual(
			[
				...[...SEARCHES, 'fetch_search_channel_videos'].flatMap((endpoint) =>
					BRANDS.map((brand) => `${endpoint}:${brand}`),
				),
				...watched.map((post) => `${COMMENT_LIST[post.platform]}:${post.id ?? post.url}`),
			].sort(),
		);
		const caughtUp = runs.filter(
			(run) => run.runAt === iso(catchUp.at) && run.source === 'fetch_search',
		);
		// The hit that arrived at the outage, read an hour later.
		expect(caughtUp.map((run) => run.newRecords)).toEqual(BRANDS.map(() => 1));
	});

	it('reads the comments under the watched posts: each stored once, for its brand, as a comment of its post, none missed', () => {
		const listed: Record<WatchedPlatform, (post: WatchedPost) => string[]> = {
			douyin: (post) =>
				sim.dataset.douyinVideoComments(post.id!).map((comment) => String(comment.cid)),
			notes: (post) => sim.dataset.noteComments(post.id!).map((comment) => comment.id),
			channels: (post) =>
				sim.dataset.channelVideoComments(post.id!).map((comment) => String(comment.comment_id)),
			articles: (post) =>
				sim.dataset.articleComments(post.url!).map((comment) => String(comment.content_id)),
		};
		const comments = mentions.filter((row) => row.kind === 'comment');
		for (const post of watched) {
			const under = comments.filter(
				(row) => row.platform === post.platform && row.postId === (post.id ?? post.url),
			);
			expect(new Set(under.map((row) => row.brand))).toEqual(new Set([post.brand]));
			expect(under.map((row) => String(row.key).slice(`${post.platform}:`.length)).sort()).toEqual(
				listed[post.platform](post).sort(),
			);
			// Each comment links to its post: its web link, or for a Channels video where to find it in the app.
			for (const row of under)
				if (post.platform === 'channels') expect(row.openInApp).toBeTruthy();
				else expect(String(row.url)).toContain(post.platform === 'articles' ? post.url : post.id);
		}
		expect(comments).toHaveLength(
			watched.reduce((sum, post) => sum + listed[post.platform](post).length, 0),
		);
		// A quiet run stores the comment that arrived under each post since the run before.
		for (const quiet of collectTicks().slice(1, 5)) {
			const stored = comments.filter((row) => row.firstSeen === iso(quiet.at));
			expect(stored.map((row) => row.postId).sort()).toEqual(
				watched.map((post) => post.id ?? post.url).sort(),
			);
		}
	});

	it('stores the posts the search listed late once, in the run after they appeared below stored ones', () => {
		const [, listedLate, found] = collectTicks();
		const posts = [
			sim.dataset.searchNotes('rival', { sort_type: 'time_descending' }),
			sim.dataset.searchHits('acme', 'article', { sort: 'latest' }),
		].map(
			(list) =>
				list
					.map((hit) => ({
						id: 'docID' in hit ? String(hit.docID) : hit.id,
						time: 'note' in hit ? hit.note.timestamp : (hit as { dateTime: number }).dateTime,
					}))
					.find((hit) => hit.time === latePostsAt / 1000)!,
		);
		for (const post of posts) {
			const rows = mentions.filter((row) => String(row.key).endsWith(`:${post.id}`));
			expect(rows.map((row) => row.firstSeen)).toEqual([iso(found.at)]);
			// Published before the newest post the run before stored.
			expect(post.time * 1000).toBeLessThan(listedLate.at);
		}
	});

	it('classifies in batches: ceil(new mentions / 25) model calls a run, the count kept for the report', () => {
		for (const done of collectTicks()) {
			const stored = mentions.filter((row) => row.firstSeen === iso(done.at)).length;
			expect(done.modelCalls).toBe(Math.ceil(stored / 25));
			const kept = runs.filter(
				(run) => run.runAt === iso(done.at) && run.source === 'classification',
			);
			expect(kept.map((run) => run.modelCalls)).toEqual(stored ? [done.modelCalls] : []);
		}
	});

	it('sends one alert for the spike, in the run that found it, and none on the other runs (not while the wave goes on)', () => {
		const spikeTick = collectTicks()[6];
		// The run is inside Settings' quiet hours (22:00–08:00 local): the spike is urgent, so it goes at once.
		const localHour = (new Date(spikeTick.at).getUTCHours() + 8) % 24;
		expect(localHour >= 22 || localHour < 8).toBe(true);
		expect(alerts).toEqual([
			expect.objectContaining({ brand: 'acme', label: 'negative', alertedAt: iso(spikeTick.at) }),
		]);
		for (const done of collectTicks())
			expect(done.mails.map(subjectOf)).toEqual(
				done === spikeTick ? [expect.stringMatching(/acme/)] : [],
			);
	});

	it('reports every mention in exactly one daily report, with the cost of its period', () => {
		const dailies = ticks.filter((done) => done.flow === 'daily');
		expect(reports.map((row) => [row.periodFrom, row.periodTo])).toEqual([
			[iso(dailies[0].at - 24 * HOUR), iso(dailies[0].at)],
			[iso(dailies[0].at), iso(dailies[1].at)],
		]);
		for (const [n, report] of reports.entries()) {
			const inPeriod = mentions.filter(
				(row) =>
					String(row.firstSeen) >= String(report.periodFrom) &&
					String(row.firstSeen) < String(report.periodTo),
			);
			expect(report.mentions).toBe(inPeriod.length);
			expect(report.negative).toBe(inPeriod.filter((row) => row.label === 'negative').length);
			const paid = collectTicks().filter(
				(done) =>
					iso(done.at) >= String(report.periodFrom) && iso(done.at) < String(report.periodTo),
			);
			const credits = paid.reduce((sum, done) => sum + done.credits, 0);
			expect(report.credits).toBe(Math.round(credits * 100) / 100);
			expect(report.modelCalls).toBe(paid.reduce((sum, done) => sum + done.modelCalls, 0) + 1);
			expect(dailies[n].modelCalls).toBe(1);
			expect(dailies[n].mails).toHaveLength(1);
		}
		const reported = reports.reduce((sum, row) => sum + Number(row.mentions), 0);
		expect(reported).toBe(
			mentions.filter((row) => String(row.firstSeen) < iso(T0 + 48 * HOUR)).length,
		);
	});

	it('lists each brand’s story cross-posted to four platforms once under Most engaged, with its platforms', () => {
		const [first] = ticks.filter((done) => done.flow === 'daily');
		const html = htmlOf(first.mails[0]);
		const top = html.slice(html.indexOf('>Most engaged<'), html.indexOf('>Trend: '));
		for (const brand of DAY1_BRANDS) {
			// The simulator's cross-posted story: stored as four mentions, one per platform.
			const title = new RegExp(`${brand} X2 blender: three months of daily use`, 'i');
			const story = mentions.filter(
				(row) => row.brand === brand && row.kind === 'post' && title.test(String(row.title)),
			);
			expect(story.map((row) => String(row.platform)).sort()).toEqual([
				'articles',
				'channels',
				'douyin',
				'notes',
			]);
			const lines = top.split('</tr>').filter((line) => title.test(line));
			expect(lines).toHaveLength(1);
			for (const platform of ['Douyin', 'Notes', 'Articles', 'Videos'])
				expect(lines[0]).toContain(platform);
		}
		expect(top).toContain('is listed once, its figures summed');
	});

	it('lists the negative comments under the watched posts in the second report, to answer first, each with its post’s link', () => {
		const [, second] = ticks.filter((done) => done.flow === 'daily');
		const [from, to] = [iso(second.at - 24 * HOUR), iso(second.at)];
		const negative = mentions.filter(
			(row) =>
				row.kind === 'comment' &&
				row.label === 'negative' &&
				String(row.firstSeen) >= from &&
				String(row.firstSeen) < to,
		);
		const note = watched.find((post) => post.platform === 'notes')!;
		const video = watched.find((post) => post.platform === 'channels')!;
		const under = (post: WatchedPost) => negative.filter((row) => row.postId === post.id);
		// The complaints written under acme's note in the spike run and under rival's video at the outage.
		expect(under(note).length).toBeGreaterThanOrEqual(NOTE_COMPLAINTS);
		expect(under(video).length).toBeGreaterThanOrEqual(VIDEO_COMPLAINTS);
		const html = htmlOf(second.mails[0]);
		const heading = `Comments to answer first: ${negative.length} negative comment${negative.length === 1 ? '' : 's'}`;
		expect(html).toContain(heading);
		const section = html.slice(html.indexOf(heading), html.indexOf('Share of voice and sentiment'));
		// A note opens on the web; a Channels video has no web link, so where to open it in the app.
		expect(section).toContain(`href="${String(under(note)[0].url)}"`);
		expect(section).toContain(`open in the app: ${video.id}`);
	});

	it('delivers the reports and the alert to Feishu (signed), WeCom and DingTalk (signed), none refused', () => {
		for (const bot of [bots.feishu, bots.wecom]) {
			expect(bot.refused()).toEqual([]);
			// Two reports (each within the bot's limit in at most three messages) and one alert.
			expect(bot.accepted().length).toBeGreaterThanOrEqual(3);
			expect(bot.accepted().length).toBeLessThanOrEqual(7);
		}
		// The bot added before day 2: nothing on day 1; day 2's alert and report, signed.
		expect(dingTalkBefore).toBe(0);
		expect(bots.dingtalk.refused()).toEqual([]);
		expect(bots.dingtalk.accepted().length).toBeGreaterThanOrEqual(2);
		expect(bots.dingtalk.accepted().length).toBeLessThanOrEqual(4);
		const wecomText = bots.wecom
			.accepted()
			.map((message) => (message.message as { markdown: { content: string } }).markdown.content)
			.join('\n');
		expect(wecomText).toMatch(/acme/);
		expect(wecomText).toMatch(/rival/);
	});

	it('takes each change of the team from its one place: the brand, the source, the recipient', () => {
		const [first, second] = ticks.filter((done) => done.flow === 'daily');
		const changed = collectTicks()[5];
		// The first run after publishing already searches every source, the new one included, for
		// every brand, the new one included: nothing waits for a later run.
		const sourcesOfChanged = runs
			.filter((run) => run.runAt === iso(changed.at) && run.source !== 'classification')
			.map((run) => `${String(run.source)}:${String(run.brand)}`);
		expect(sourcesOfChanged.sort()).toEqual(
			[
				...[...SEARCHES, 'fetch_search_channel_videos'].flatMap((source) =>
					BRANDS.map((brand) => `${source}:${brand}`),
				),
				...watched.map((post) => `${COMMENT_LIST[post.platform]}:${post.brand}`),
			].sort(),
		);
		// The brand added in Settings: stored, and in the next report.
		const novaRows = mentions.filter((row) => row.brand === NEW_BRAND);
		expect(novaRows.length).toBeGreaterThan(0);
		const firstNova = Math.min(...novaRows.map((row) => Date.parse(String(row.firstSeen))));
		// Its first mention is stored by that run or a later one (the searches list nova's posts as
		// they arrive), and before the second report.
		expect(firstNova).toBeGreaterThanOrEqual(changed.at);
		expect(firstNova).toBeLessThan(second.at);
		expect(htmlOf(second.mails[0])).toMatch(new RegExp(`\\b${NEW_BRAND}\\b`));
		expect(htmlOf(first.mails[0])).not.toMatch(new RegExp(`\\b${NEW_BRAND}\\b`));
		// The source: its runs in brand_runs from that run on, every brand, none before.
		const creatorRuns = runs.filter((run) => run.source === 'fetch_search_channel_videos');
		expect(creatorRuns.map((run) => String(run.runAt)).sort()[0]).toBe(iso(changed.at));
		expect(new Set(creatorRuns.map((run) => run.brand))).toEqual(new Set(BRANDS));
		// The recipient added to reportTo: the second report goes to both addresses.
		expect(first.mails[0].to).toEqual([REPORT_TO]);
		expect([...second.mails[0].to].sort()).toEqual([ADDED_RECIPIENT, REPORT_TO].sort());
	});

	it('reads in the team’s time zone (n8n in Asia/Shanghai): the alert window and the report dates are local and named', () => {
		const spikeTick = collectTicks()[6];
		const window = localSpan(spikeTick.at - CADENCE, spikeTick.at);
		const alertHtml = htmlOf(spikeTick.mails[0]);
		expect(alertHtml).toContain(`Spike alert · ${window}`);
		const alertCards = bots.wecom
			.accepted()
			.map((message) => (message.message as { markdown: { content: string } }).markdown.content)
			.filter((content) => content.includes('window: '));
		expect(alertCards.join('\n')).toContain(`window: ${window}`);
		for (const daily of ticks.filter((done) => done.flow === 'daily')) {
			const from = daily.at - 24 * HOUR;
			// The report of the day that ends at 20:00 local: dated by its local day, its period named.
			expect(subjectOf(daily.mails[0])).toContain(`(${localDay(daily.at - 1)})`);
			expect(htmlOf(daily.mails[0])).toContain(`Daily brand report · ${localSpan(from, daily.at)}`);
		}
	});

	it('the second report shows the article outage as caught up, every source answered, and the trend of the stored mentions per local day', async () => {
		const [, second] = ticks.filter((done) => done.flow === 'daily');
		const [outage, catchUp] = collectTicks().slice(8, 10);
		const html = htmlOf(second.mails[0]);
		const rendered = await screenshotReport(
			html,
			path.join(SCREENSHOT_DIR, 'two-brands-day-2.png'),
		);
		expect(rendered.text).toContain(
			`Articles: one failed run at ${localClock(outage.at)} (UTC+8), caught up at ${localClock(catchUp.at)}`,
		);
		expect(rendered.text).not.toMatch(/no data \(source failed\)|The counts miss these sources/);
		expect(html).toMatch(/>4\/4<\/div><div[^>]*>sources answered</);
		const articles = mentions.filter(
			(row) =>
				row.platform === 'articles' &&
				String(row.firstSeen) >= iso(second.at - 24 * HOUR) &&
				String(row.firstSeen) < iso(second.at),
		);
		expect(articles.length).toBeGreaterThan(0);
		const wecomReports = bots.wecom
			.accepted()
			.map((message) => (message.message as { markdown: { content: string } }).markdown.content)
			.join('\n');
		expect(wecomReports).toContain(`Articles: ${articles.length} (`);
		expect(rendered.size.width).toBeLessThanOrEqual(720);
		// The trend counts the stored rows per local day, the 7 days up to the report's end.
		const end = second.at;
		const days = Array.from({ length: 7 }, (_, n) => localDay(end - 1 - (6 - n) * 24 * HOUR));
		const expected = days.map(
			(day) =>
				mentions.filter(
					(row) =>
						String(row.firstSeen) < iso(end) && localDay(Date.parse(String(row.firstSeen))) === day,
				).length,
		);
		const trendLines = bots.wecom
			.accepted()
			.map((message) => (message.message as { markdown: { content: string } }).markdown.content)
			.flatMap((content) => content.split('\n'))
			.filter((line) => line.startsWith('**Trend: last 7 days**'));
		const shown = trendLines[trendLines.length - 1]
			.replace('**Trend: last 7 days** ', '')
			.split(' → ')
			.map((day) => Number(day.split(' ')[0]));
		expect(shown).toEqual(expected);
		const alertMail = collectTicks()[6].mails[0];
		await screenshotReport(htmlOf(alertMail), path.join(SCREENSHOT_DIR, 'spike-alert.png'));
		// What each group saw: the messages the three bots accepted, as their clients show them.
		const received = (['feishu', 'wecom', 'dingtalk'] as const).flatMap((bot) =>
			bots[bot].accepted().map((message) => ({ bot, body: message.message })),
		);
		const cards = await screenshotHtml(
			chatPreviewHtml(received),
			path.join(SCREENSHOT_DIR, 'chat-days.png'),
			1280,
		);
		expect(cards.text).toContain('Spike alert: acme');
		expect(cards.text).not.toMatch(/\*\*/);
	});
});
