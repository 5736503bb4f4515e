import type { IDataObject } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { ActiveTrigger, EVENT_FACTS, eventParameters, jsonOf, useArrivingSimulator } from './setup';

let sim: Simulator;
useArrivingSimulator((started) => (sim = started));

const facts = EVENT_FACTS.newNote;

test('a manual execution shows the latest records, oldest first, and leaves the memory alone', async () => {
	const trigger = new ActiveTrigger(sim, {
		...eventParameters(sim).newNote,
		options: { latestCount: 3 },
	});
	await trigger.poll();
	const memory = structuredClone(trigger.staticData);
	await trigger.arrive(2);

	const sample = await trigger.poll('manual');
	expect(sample.error).toBeUndefined();
	expect(sample.calls).toBe(1);
	expect(jsonOf(sample).map((json) => facts.idOf(json))).toEqual(facts.newest(sim, 3).reverse());
	expect(trigger.staticData).toEqual(memory);

	// The active workflow still sees both new records as new.
	const next = await trigger.poll();
	expect(jsonOf(next).map((json) => facts.idOf(json))).toEqual(facts.newest(sim, 2).reverse());
});

test('"Emit the Latest Items" on the first poll emits the newest N, then only what is new', async () => {
	const trigger = new ActiveTrigger(sim, {
		...eventParameters(sim).newVideoComment,
		options: { firstPoll: 'emitLatest', latestCount: 15 },
	});
	const video = EVENT_FACTS.newVideoComment;
	const first = await trigger.poll();
	expect(first.calls).toBe(2);
	expect(jsonOf(first).map((json) => video.idOf(json))).toEqual(video.newest(sim, 15).reverse());

	const nothing = await trigger.poll();
	expect(nothing).toMatchObject({ items: null, calls: 1 });

	await trigger.arrive(1);
	const one = await trigger.poll();
	expect(jsonOf(one).map((json) => video.idOf(json))).toEqual(video.newest(sim, 1));
});

test('poll() returns null, not an empty list, when nothing is new', async () => {
	const trigger = new ActiveTrigger(sim, eventParameters(sim).newChannelVideo);
	expect((await trigger.poll()).items).toBeNull();
	expect((await trigger.poll()).items).toBeNull();
});

test('normalised mentions as output: one common record per new hit, its platform the vertical asked for', async () => {
	// Search hits name no vertical of their own (the answer's boxes do): the article search's hits are articles.
	const trigger = new ActiveTrigger(sim, {
		...eventParameters(sim).newSearchResult,
		options: { mentions: true, business_type: 'article' },
	});
	await trigger.poll();
	await trigger.arrive(2);
	const poll = await trigger.poll();
	const mentions = jsonOf(poll);
	expect(mentions).toHaveLength(2);
	for (const mention of mentions) {
		expect(mention).toMatchObject({
			platform: 'articles',
			id: expect.any(String),
			title: expect.stringContaining(sim.dataset.ids.keyword),
		});
		expect((mention.source as IDataObject).docID).toBe(mention.id);
		expect(mention.source).not.toHaveProperty('type');
	}
	const newest = sim.dataset
		.searchHits(sim.dataset.ids.keyword, 'article', { sort: 'latest' })
		.slice(0, 2)
		.map((hit) => String(hit.docID));
	expect(mentions.map((mention) => mention.id)).toEqual(newest.reverse());
});

test('another keyword is another list: its first poll starts afresh instead of emitting its whole first page', async () => {
	const trigger = new ActiveTrigger(sim, eventParameters(sim).newNote);
	await trigger.poll();
	const other = new ActiveTrigger(sim, { ...eventParameters(sim).newNote, keyword: 'globex' });
	other.staticData = trigger.staticData;
	const first = await other.poll();
	expect(first).toMatchObject({ items: null, calls: 1 });
});

test('an answer in an unknown shape fails the poll (never "nothing new") and leaves the memory for the next poll', async () => {
	const trigger = new ActiveTrigger(sim, eventParameters(sim).newNote);
	await trigger.poll();
	const memory = structuredClone(trigger.staticData);
	await trigger.arrive(2);

	sim.faults.queue({ endpoint: 'search_notes', data: { data: { notes: [] } } });
	const failed = await trigger.poll();
	expect(failed.items).toBeNull();
	expect(failed.error?.message).toMatch(/answered in an unknown shape/);
	expect(failed.error?.message).toContain('data.data {notes}');
	expect(trigger.staticData).toEqual(memory);

	const next = await trigger.poll();
	expect(jsonOf(next).map((json) => facts.idOf(json))).toEqual(facts.newest(sim, 2).reverse());
});

test.each([
	['newNoteComment', 'notes', () => sim.dataset.ids.noteId],
	['newVideoComment', 'channels', () => sim.dataset.ids.objectId],
	['newArticleComment', 'articles', () => sim.dataset.ids.articleUrl],
] as const)(
	'%s with normalised mentions: each new comment is a comment mention of the post it is under',
	async (event, platform, postId) => {
		const trigger = new ActiveTrigger(sim, {
			...eventParameters(sim)[event],
			options: { mentions: true },
		});
		await trigger.poll();
		await trigger.arrive(2);
		const mentions = jsonOf(await trigger.poll());
		expect(mentions).toHaveLength(2);
		const facts = EVENT_FACTS[event];
		expect(mentions.map((mention) => mention.id)).toEqual(facts.newest(sim, 2).reverse());
		for (const mention of mentions) {
			expect(mention).toMatchObject({ platform, kind: 'comment', postId: postId() });
			expect(mention.id).toBe(String(facts.idOf(mention.source as IDataObject)));
		}
	},
);
