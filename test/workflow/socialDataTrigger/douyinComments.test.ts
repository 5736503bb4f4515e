import type { Simulator } from '../../../simulator';
import { DEFAULT_TOTALS } from '../../../simulator';
import { ActiveTrigger, jsonOf, useArrivingSimulator } from './setup';

// The New Douyin Comment event watches a list ordered by likes: new comments (no likes yet) land on
// the last page. A poll reads page one and stops there when the count is unchanged; otherwise it
// reads every page and emits the comments it has not emitted before, oldest first.

const TOTAL = DEFAULT_TOTALS['shortVideo/fetch_video_comments'];
const PAGES = (total: number) => Math.ceil(total / 20);

let sim: Simulator;
useArrivingSimulator((started) => (sim = started));

const listed = () => sim.dataset.douyinVideoComments(sim.dataset.ids.awemeId);

describe('Social Data Trigger › New Douyin Comment', () => {
	test('starts from now, then emits each new comment once, paying 1 call when nothing was added', async () => {
		const trigger = new ActiveTrigger(sim, {
			event: 'newDouyinComment',
			aweme_id: sim.dataset.ids.awemeId,
		});
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first).toMatchObject({ items: null, calls: PAGES(TOTAL) });

		const quiet = await trigger.poll();
		expect(quiet).toMatchObject({ items: null, calls: 1 });

		await trigger.arrive(3);
		const fresh = listed().slice(TOTAL);
		expect(fresh).toHaveLength(3);
		const three = await trigger.poll();
		expect(three.error).toBeUndefined();
		expect(three.calls).toBe(PAGES(TOTAL + 3));
		const emitted = jsonOf(three);
		// Oldest first, ids exact.
		expect(emitted.map((json) => json.cid)).toEqual(
			[...fresh].reverse().map((comment) => comment.cid),
		);

		expect(await trigger.poll()).toMatchObject({ items: null, calls: 1 });
	});

	test('as mentions: Douyin comments pointing to their video', async () => {
		const trigger = new ActiveTrigger(sim, {
			event: 'newDouyinComment',
			aweme_id: sim.dataset.ids.awemeId,
			options: { mentions: true },
		});
		expect((await trigger.poll()).items).toBeNull();
		await trigger.arrive(1);
		const poll = await trigger.poll();
		expect(jsonOf(poll)).toEqual([
			expect.objectContaining({
				platform: 'douyin',
				kind: 'comment',
				postId: sim.dataset.ids.awemeId,
				url: `https://www.douyin.com/video/${sim.dataset.ids.awemeId}`,
			}),
		]);
	});

	test('a manual run shows the newest comments of the first page, leaving the memory alone', async () => {
		const trigger = new ActiveTrigger(sim, {
			event: 'newDouyinComment',
			aweme_id: sim.dataset.ids.awemeId,
			options: { latestCount: 2 },
		});
		const manual = await trigger.poll('manual');
		expect(manual.calls).toBe(1);
		const firstPage = listed().slice(0, 20);
		const newest = [...firstPage].sort((a, b) => a.create_time - b.create_time).slice(-2);
		expect(jsonOf(manual).map((json) => json.cid)).toEqual(newest.map((comment) => comment.cid));
		expect(trigger.staticData).toEqual({});
	});

	test('a bad aweme_id fails the poll before any call, naming the field', async () => {
		const trigger = new ActiveTrigger(sim, { event: 'newDouyinComment', aweme_id: '123' });
		const poll = await trigger.poll();
		expect(poll.error?.message).toMatch(/aweme_id.*19-digit/);
		expect(poll.calls).toBe(0);
	});
});
