import { createDataset } from '../../simulator/dataset';
import { SIM_EPOCH_MS } from '../../simulator/constants';

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
