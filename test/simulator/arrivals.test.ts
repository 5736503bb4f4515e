import { createDataset } from '../../simulator/dataset';
import { SIM_EPOCH_MS } from '../../simulator/constants';
import { startSimulator } from '../../simulator';
import { sentimentOf } from '../../simulator/routes/model/sentiment';

// Records arriving as virtual time moves, for the Social Data Trigger's tests.

const MINUTE = 60_000;

function datasetAt(arrivalEveryMs?: number) {
	let now = SIM_EPOCH_MS;
	const dataset = createDataset({ now: () => now, arrivalEveryMs });
	return { dataset, advance: (ms: number) => void (now += ms) };
}

test('off by default: the lists do not change when the clock moves', () => {
	const { dataset, advance } = datasetAt();
	const before = dataset
		.channelVideoComments(dataset.ids.objectId)
		.map((comment) => comment.comment_id);
	advance(60 * MINUTE);
	expect(
		dataset.channelVideoComments(dataset.ids.objectId).map((comment) => comment.comment_id),
	).toEqual(before);
});

test('one new record per interval on top of every watched list, newest first, the same records each time', () => {
	const { dataset, advance } = datasetAt(MINUTE);
	const { ids } = dataset;
	const base = dataset.noteComments(ids.noteId).map((comment) => comment.id);
	advance(3 * MINUTE);
	const comments = dataset.noteComments(ids.noteId);
	expect(comments.slice(3).map((comment) => comment.id)).toEqual(base);
	expect(comments.slice(0, 3).map((comment) => comment.create_time)).toEqual(
		[3, 2, 1].map((k) => (SIM_EPOCH_MS + k * MINUTE) / 1000),
	);
	expect(dataset.noteComments(ids.noteId).slice(0, 3)).toEqual(comments.slice(0, 3));

	const lists = [
		dataset
			.searchNotes(ids.keyword, { sort_type: 'time_descending' })
			.map((hit) => hit.note.timestamp),
		dataset
			.searchHits(ids.keyword, 'all', { sort: 'latest' })
			.map((hit) => ('dateTime' in hit ? hit.dateTime : 0)),
		dataset.searchVideoHits(ids.keyword, { sort: 'latest' }).map((hit) => hit.dateTime),
		dataset.channelUserVideos(ids.finderUsername).map((video) => video.create_time),
		dataset.channelVideoComments(ids.objectId).map((comment) => comment.create_time),
	];
	for (const times of lists)
		expect(times.slice(0, 3)).toEqual([3, 2, 1].map((k) => (SIM_EPOCH_MS + k * MINUTE) / 1000));
	expect(dataset.channelSearchVideos(ids.finderUsername, ids.keyword)).toHaveLength(14 + 3);
});

test("an article's pinned comment stays on top of the new ones", () => {
	const { dataset, advance } = datasetAt(MINUTE);
	advance(2 * MINUTE);
	const comments = dataset.articleComments(dataset.ids.articleUrl);
	expect(comments[0].is_top).toBe(1);
	expect(comments.slice(1, 3).map((comment) => comment.create_time)).toEqual(
		[2, 1].map((k) => (SIM_EPOCH_MS + k * MINUTE) / 1000),
	);
});

test('an arrived channel video resolves in its detail', () => {
	const { dataset, advance } = datasetAt(MINUTE);
	advance(MINUTE);
	const [video] = dataset.channelUserVideos(dataset.ids.finderUsername);
	expect(dataset.channelVideo(String(video.id))).toBe(video);
});

test('an interval under a second is refused', () => {
	expect(() => datasetAt(500)).toThrow(/arrivalEveryMs/);
});

describe('spikes', () => {
	const DAY = 24 * 60 * MINUTE;

	test('a spike adds its records at once on top of one list at the current time, the other lists unchanged', () => {
		const { dataset, advance } = datasetAt();
		const { keyword } = dataset.ids;
		const notes = () =>
			dataset.searchNotes(keyword, { sort_type: 'time_descending' }).map((hit) => hit.id);
		const before = notes();
		const articlesBefore = dataset.searchHits(keyword, 'article', { sort: 'latest' });
		advance(DAY);
		expect(dataset.spike(`notes:${keyword}`, 200)).toEqual({
			list: `notes:${keyword}`,
			count: 200,
			at: SIM_EPOCH_MS + DAY,
		});
		const hits = dataset.searchNotes(keyword, { sort_type: 'time_descending' });
		expect(hits).toHaveLength(before.length + 200);
		expect(hits.slice(200).map((hit) => hit.id)).toEqual(before);
		expect(new Set(hits.slice(0, 200).map((hit) => hit.id)).size).toBe(200);
		expect(new Set(hits.slice(0, 200).map((hit) => hit.note.timestamp))).toEqual(
			new Set([(SIM_EPOCH_MS + DAY) / 1000]),
		);
		// The same records on every read; the other lists do not gain any.
		expect(notes()).toEqual(hits.map((hit) => hit.id));
		expect(dataset.searchHits(keyword, 'article', { sort: 'latest' })).toEqual(articlesBefore);
	});

	test('a later spike sorts above the earlier one and above the steady arrivals of the same time', () => {
		const { dataset, advance } = datasetAt(MINUTE);
		const { keyword } = dataset.ids;
		const list = `search-videos:${keyword}`;
		advance(2 * MINUTE);
		dataset.spike(list, 3);
		const first = dataset.searchVideoHits(keyword, { sort: 'latest' }).slice(0, 4);
		advance(MINUTE);
		dataset.spike(list, 2);
		const hits = dataset.searchVideoHits(keyword, { sort: 'latest' });
		expect(hits.slice(0, 2).map((hit) => hit.dateTime)).toEqual(
			[3, 3].map((k) => (SIM_EPOCH_MS + k * MINUTE) / 1000),
		);
		// The steady record of minute 3 follows the spike of minute 3; the earlier spike and its minute follow.
		expect(hits[2].dateTime).toBe((SIM_EPOCH_MS + 3 * MINUTE) / 1000);
		expect(hits.slice(3, 7).map((hit) => hit.docID)).toEqual(first.map((hit) => hit.docID));
		expect(new Set(hits.slice(0, 7).map((hit) => hit.docID)).size).toBe(7);
	});

	test("a search's time window drops arrived records older than it, as it drops generated ones", () => {
		const { dataset, advance } = datasetAt();
		const { keyword } = dataset.ids;
		advance(DAY);
		dataset.spike(`search:article:${keyword}`, 5);
		const lastDay = () =>
			dataset.searchHits(keyword, 'article', { sort: 'latest', publish_time: 'day' });
		expect(lastDay()).toHaveLength(5);
		advance(DAY + MINUTE);
		expect(lastDay()).toHaveLength(0);
		expect(dataset.searchHits(keyword, 'article', { sort: 'latest' }).length).toBeGreaterThan(5);
	});

	test('a negative share of a spike complains: that many of its posts read negative, spread through it, the rest as without it', () => {
		const plain = datasetAt();
		const negative = datasetAt();
		const { keyword } = plain.dataset.ids;
		const spikeNotes = (at: typeof plain, share?: number) => {
			at.advance(DAY);
			at.dataset.spike(`notes:${keyword}`, 60, share);
			return at.dataset.searchNotes(keyword, { sort_type: 'time_descending' }).slice(0, 60);
		};
		const before = spikeNotes(plain);
		const after = spikeNotes(negative, 0.8);
		expect(after.map((hit) => hit.id)).toEqual(before.map((hit) => hit.id));
		const changed = after
			.map((hit, index) => ({ index, desc: hit.note.desc }))
			.filter(({ index, desc }) => desc !== before[index].note.desc);
		expect(changed).toHaveLength(48);
		for (const { desc } of changed) expect(sentimentOf(desc).sentiment).toBe('negative');
		// Spread: every run of five posts holds four complaints.
		for (let start = 0; start < 60; start += 5)
			expect(changed.filter(({ index }) => index >= start && index < start + 5)).toHaveLength(4);
	});

	test('a negative spike on a comment list adds complaints under the post, newest first, on every platform', () => {
		const { dataset, advance } = datasetAt();
		const { noteId, objectId, articleUrl } = dataset.ids;
		advance(DAY);
		const lists = [
			{
				list: `note-comments:${noteId}`,
				texts: () => dataset.noteComments(noteId).map((comment) => comment.content),
			},
			{
				list: `video-comments:${objectId}`,
				texts: () => dataset.channelVideoComments(objectId).map((comment) => comment.content),
			},
			{
				list: `article-comments:${articleUrl}`,
				// The pinned comment stays on top.
				texts: () =>
					dataset
						.articleComments(articleUrl)
						.filter((comment) => comment.is_top !== 1)
						.map((comment) => comment.content),
			},
		];
		for (const { list, texts } of lists) {
			const before = texts();
			dataset.spike(list, 3, 1);
			const after = texts();
			expect(after.slice(3)).toEqual(before);
			for (const text of after.slice(0, 3)) expect(sentimentOf(text).sentiment).toBe('negative');
		}
	});

	test('a title phrase: the spike’s posts name it in their titles instead of the keyword, on each search list', () => {
		const { dataset, advance } = datasetAt();
		const { keyword } = dataset.ids;
		advance(DAY);
		const phrase = `${keyword} hotel`;
		const titles = {
			notes: () => dataset.searchNotes(keyword).map((hit) => hit.note.title),
			articles: () =>
				dataset.searchHits(keyword, 'article', { sort: 'latest' }).map((hit) => hit.title),
			videos: () => dataset.searchVideoHits(keyword, { sort: 'latest' }).map((hit) => hit.title),
			douyin: () => dataset.douyinSearch(keyword).map((post) => post.desc),
		};
		const before = Object.fromEntries(
			Object.entries(titles).map(([list, read]) => [list, read().length]),
		);
		dataset.spike(`notes:${keyword}`, 3, 0, { titlePhrase: ` ${phrase} ` });
		dataset.spike(`search:article:${keyword}`, 2, 0, { titlePhrase: phrase });
		dataset.spike(`search-videos:${keyword}`, 2, 0, { titlePhrase: phrase });
		dataset.spike(`douyin-search:${keyword}`, 2, 0, { titlePhrase: phrase });
		// A plain spike after them keeps its keyword's titles.
		dataset.spike(`notes:${keyword}`, 2);
		const named = (list: keyof typeof titles) =>
			titles[list]().filter((title) => title.toLowerCase().includes(phrase.toLowerCase()));
		expect(named('notes')).toHaveLength(3);
		expect(
			titles
				.notes()
				.slice(0, 2)
				.every((title) => !title.includes(phrase)),
		).toBe(true);
		expect(titles.notes().slice(2, 5)).toEqual(named('notes'));
		expect(named('articles')).toHaveLength(2);
		expect(named('videos')).toHaveLength(2);
		expect(named('douyin')).toHaveLength(2);
		expect(titles.notes()).toHaveLength(before.notes + 5);
		for (const list of ['articles', 'videos', 'douyin'] as const)
			expect(titles[list]()).toHaveLength(before[list] + 2);
		expect(() => dataset.spike(`notes:${keyword}`, 1, 0, { titlePhrase: ' ' })).toThrow(
			/titlePhrase/,
		);
	});

	test('POST /__sim/arrivals makes a spike on the list a search reads; a bad body is a 400', async () => {
		const sim = await startSimulator();
		try {
			const { keyword } = sim.dataset.ids;
			const post = async (body: unknown) =>
				await fetch(`${sim.url}/__sim/arrivals`, { method: 'POST', body: JSON.stringify(body) });
			const before = sim.dataset.searchHits(keyword, 'article', { sort: 'latest' }).length;
			const answer = await post({
				endpoint: 'fetch_search',
				keyword: ` ${keyword} `,
				business_type: 'article',
				count: 30,
			});
			expect(answer.status).toBe(200);
			expect(await answer.json()).toMatchObject({ list: `search:article:${keyword}`, count: 30 });
			expect(sim.dataset.searchHits(keyword, 'article', { sort: 'latest' })).toHaveLength(
				before + 30,
			);
			const notesBefore = sim.dataset.searchNotes(keyword).length;
			expect((await post({ list: `notes:${keyword}`, count: 2 })).status).toBe(200);
			expect(sim.dataset.searchNotes(keyword)).toHaveLength(notesBefore + 2);
			expect(
				(await post({ list: `notes:${keyword}`, count: 1, titlePhrase: `${keyword} hotel` }))
					.status,
			).toBe(200);
			expect(sim.dataset.searchNotes(keyword)[0].note.title).toContain(`${keyword} hotel`);
			for (const bad of [
				{ endpoint: 'fetch_search', keyword, count: 0 },
				{ endpoint: 'get_note_comments', keyword, count: 5 },
				{ endpoint: 'search_notes', keyword: ' ', count: 5 },
				{ endpoint: 'search_notes', keyword, count: 5, negativeShare: 1.5 },
				{ endpoint: 'search_notes', keyword, count: 5, negativeShare: 'most' },
				{ endpoint: 'search_notes', keyword, count: 5, titlePhrase: 42 },
			]) {
				const refused = await post(bad);
				expect(refused.status).toBe(400);
			}
		} finally {
			await sim.close();
		}
	});
});

describe('search index lag', () => {
	const HOUR = 60 * MINUTE;

	test('a late spike is listed only from writtenAt + lateByMs, by its publish time below the posts listed before', () => {
		const { dataset, advance } = datasetAt(HOUR);
		const { keyword } = dataset.ids;
		const notes = () => dataset.searchNotes(keyword, { sort_type: 'time_descending' });
		advance(2 * HOUR);
		const writtenAt = SIM_EPOCH_MS + 90 * MINUTE;
		expect(dataset.spike(`notes:${keyword}`, 2, 0, { writtenAt, lateByMs: HOUR })).toEqual({
			list: `notes:${keyword}`,
			count: 2,
			at: writtenAt,
			visibleAt: writtenAt + HOUR,
		});
		const before = notes().map((hit) => hit.id);
		advance(30 * MINUTE - 1);
		expect(notes().map((hit) => hit.id)).toEqual(before);
		advance(1);
		const after = notes();
		expect(after).toHaveLength(before.length + 2);
		// Above: the steady posts of hours 2 and 1 as before; then the late pair, written at 1:30.
		expect(after.slice(0, 4).map((hit) => hit.note.timestamp)).toEqual(
			[2 * HOUR, 90 * MINUTE, 90 * MINUTE, HOUR].map((ms) => (SIM_EPOCH_MS + ms) / 1000),
		);
		expect(after[0].id).toBe(before[0]);
		expect(after[3].id).toBe(before[1]);
		expect(() =>
			dataset.spike(`notes:${keyword}`, 1, 0, { writtenAt: SIM_EPOCH_MS + DAY }),
		).toThrow(/writtenAt/);
		expect(() => dataset.spike(`notes:${keyword}`, 1, 0, { lateByMs: -1 })).toThrow(/lateByMs/);
	});

	const DAY = 24 * HOUR;
	const LATE = { share: 0.05, minMs: 30 * MINUTE, maxMs: 90 * MINUTE };

	function lateDataset(seed?: number) {
		let now = SIM_EPOCH_MS;
		const dataset = createDataset({
			now: () => now,
			arrivalEveryMs: MINUTE,
			lateIndex: LATE,
			seed,
		});
		return { dataset, advance: (ms: number) => void (now += ms) };
	}

	test('lateIndex: about 5% of the arriving posts on the search lists appear 30–90 minutes late, the same ones for a seed; other lists never', () => {
		const { dataset, advance } = lateDataset();
		const { keyword, objectId } = dataset.ids;
		const arrivedTimes = (at = dataset) =>
			at
				.searchVideoHits(keyword, { sort: 'latest' })
				.map((hit) => hit.dateTime)
				.filter((seconds) => seconds > SIM_EPOCH_MS / 1000);
		// Minute by minute: how many minutes after it was written is each post first listed?
		const written = 300;
		const lagOf = new Map<number, number>();
		for (let minute = 1; minute <= written + 90; minute++) {
			advance(MINUTE);
			const times = arrivedTimes();
			for (const seconds of times)
				if (!lagOf.has(seconds))
					lagOf.set(seconds, minute - (seconds * 1000 - SIM_EPOCH_MS) / MINUTE);
			// Newest first by publish time: a late post lands below posts listed before it.
			expect(times).toEqual([...times].sort((a, b) => b - a));
		}
		const lags = [...lagOf.entries()]
			.filter(([seconds]) => seconds <= (SIM_EPOCH_MS + written * MINUTE) / 1000)
			.map(([, lag]) => lag);
		expect(lags).toHaveLength(written);
		const late = lags.filter((lag) => lag > 0);
		expect(late.length / written).toBeGreaterThan(0.03);
		expect(late.length / written).toBeLessThan(0.07);
		for (const lag of late) {
			expect(lag).toBeGreaterThanOrEqual(30);
			expect(lag).toBeLessThanOrEqual(90);
		}
		// The same posts are late for the same seed, others for another seed.
		const listed = arrivedTimes();
		const same = lateDataset();
		same.advance((written + 90) * MINUTE);
		expect(arrivedTimes(same.dataset)).toEqual(listed);
		const other = lateDataset(7);
		other.advance((written + 90) * MINUTE);
		expect(arrivedTimes(other.dataset)).not.toEqual(listed);
		// A comment list is never late.
		expect(
			dataset
				.channelVideoComments(objectId)
				.filter((comment) => comment.create_time > SIM_EPOCH_MS / 1000),
		).toHaveLength(written + 90);
	});

	test('lateIndex is checked: a share outside 0–1 or a lag range upside down is refused', () => {
		expect(() =>
			createDataset({ arrivalEveryMs: MINUTE, lateIndex: { share: 2, minMs: 0, maxMs: 1 } }),
		).toThrow(/share/);
		expect(() =>
			createDataset({ arrivalEveryMs: MINUTE, lateIndex: { share: 0.1, minMs: 10, maxMs: 1 } }),
		).toThrow(/maxMs/);
	});

	test('POST /__sim/arrivals takes writtenAt and lateByMs', async () => {
		const sim = await startSimulator();
		try {
			const { keyword } = sim.dataset.ids;
			sim.clock.advance(HOUR);
			const post = async (body: unknown) =>
				await fetch(`${sim.url}/__sim/arrivals`, { method: 'POST', body: JSON.stringify(body) });
			const writtenAt = sim.clock.now() - 30 * MINUTE;
			const answer = await post({
				endpoint: 'search_notes',
				keyword,
				count: 1,
				writtenAt,
				lateByMs: HOUR,
			});
			expect(answer.status).toBe(200);
			expect(await answer.json()).toMatchObject({ at: writtenAt, visibleAt: writtenAt + HOUR });
			const count = () => sim.dataset.searchNotes(keyword).length;
			const before = count();
			sim.clock.advance(30 * MINUTE);
			expect(count()).toBe(before + 1);
			expect((await post({ list: `notes:${keyword}`, count: 1, lateByMs: 'soon' })).status).toBe(
				400,
			);
		} finally {
			await sim.close();
		}
	});
});

describe('Douyin search', () => {
	test('new videos arrive on top of both Douyin searches of a keyword; "most likes" lists them last; filters apply', () => {
		const { dataset, advance } = datasetAt(MINUTE);
		const general = dataset.douyinSearch('acme').map((post) => post.aweme_id);
		const videos = dataset.douyinVideoSearch('acme').map((post) => post.aweme_id);
		expect(general.length).toBeGreaterThan(videos.length);
		advance(3 * MINUTE);
		const arrived = dataset.douyinSearch('acme', { sort_type: '2' }).slice(0, 3);
		expect(arrived.map((post) => post.create_time)).toEqual(
			[3, 2, 1].map((k) => Math.floor((SIM_EPOCH_MS + k * MINUTE) / 1000)),
		);
		for (const post of arrived) {
			expect(post.aweme_id).toMatch(/^7\d{18}$/);
			expect(post.aweme_type).toBe(0);
			expect(post.desc).toContain('acme');
		}
		const ids = arrived.map((post) => post.aweme_id);
		expect(dataset.douyinSearch('acme').map((post) => post.aweme_id)).toEqual([...ids, ...general]);
		expect(dataset.douyinVideoSearch('acme').map((post) => post.aweme_id)).toEqual([
			...ids,
			...videos,
		]);
		const byLikes = dataset.douyinSearch('acme', { sort_type: '1' }).map((post) => post.aweme_id);
		expect(byLikes.slice(-3).sort()).toEqual([...ids].sort());
		const images = dataset.douyinSearch('acme', { content_type: '2' }).map((post) => post.aweme_id);
		expect(images.length).toBeGreaterThan(0);
		expect(images.filter((id) => ids.includes(id))).toEqual([]);
	});

	test('POST /__sim/arrivals names the Douyin list by either search endpoint', async () => {
		const sim = await startSimulator();
		try {
			const before = sim.dataset.douyinVideoSearch('acme').length;
			const answer = await fetch(`${sim.url}/__sim/arrivals`, {
				method: 'POST',
				body: JSON.stringify({ endpoint: 'fetch_video_search_v1', keyword: 'acme', count: 4 }),
			});
			expect(await answer.json()).toMatchObject({ list: 'douyin-search:acme', count: 4 });
			expect(sim.dataset.douyinVideoSearch('acme')).toHaveLength(before + 4);
		} finally {
			await sim.close();
		}
	});
});
