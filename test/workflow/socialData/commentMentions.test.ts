import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { parametersFor, runSocialData } from './setup';

/** Comment lists with Output Normalised Mentions, through n8n's engine against the simulator. */

let sim: Simulator;
useSimulator((started) => (sim = started));

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface CommentList {
	resource: string;
	operation: string;
	/** The post the comments are under, as the mentions name it. */
	postId: () => string;
	/** The link of that post; null where it opens only in the app. */
	url: () => string | null;
	/** The simulator's arrival list of that post's comments. */
	arrivals: () => string;
	idPattern: RegExp;
}

const LISTS: Record<string, CommentList> = {
	notes: {
		resource: 'notes',
		operation: 'get_note_comments',
		postId: () => sim.dataset.ids.noteId,
		url: () => `https://www.xiaohongshu.com/explore/${sim.dataset.ids.noteId}`,
		arrivals: () => `note-comments:${sim.dataset.ids.noteId}`,
		idPattern: /^[0-9a-f]{24}$/,
	},
	channels: {
		resource: 'channels',
		operation: 'fetch_video_comments',
		postId: () => sim.dataset.ids.objectId,
		url: () => null,
		arrivals: () => `video-comments:${sim.dataset.ids.objectId}`,
		idPattern: /^\d{15,20}$/,
	},
	articles: {
		resource: 'articles',
		operation: 'fetch_article_comments',
		postId: () => sim.dataset.ids.articleUrl,
		url: () => sim.dataset.ids.articleUrl,
		arrivals: () => `article-comments:${sim.dataset.ids.articleUrl}`,
		idPattern: /^\d{15,20}$/,
	},
};

function parametersOf(list: CommentList, options: IDataObject): INodeParameters {
	const base = parametersFor(sim.dataset.ids)[list.operation];
	return {
		resource: list.resource,
		operation: list.operation,
		...base,
		options: { ...(base.options as IDataObject), ...options, mentions: true },
	};
}

function expectCommentsOf(list: CommentList, items: Array<{ json: IDataObject }>) {
	for (const { json } of items) {
		expect(json).toMatchObject({
			platform: list.resource,
			kind: 'comment',
			postId: list.postId(),
			url: list.url(),
			shares: null,
			reads: null,
			openInApp: list.url() ? null : list.postId(),
		});
		expect(json.id).toMatch(list.idPattern);
		expect(json.text).not.toBe('');
		expect(String(json.text).startsWith(String(json.title))).toBe(true);
		expect(typeof json.author).toBe('string');
		expect(json.publishedAt).toMatch(ISO);
		expect(typeof json.likes).toBe('number');
		expect(json.source).toEqual(expect.any(Object));
	}
}

describe('Social Data: comments as normalised mentions', () => {
	it.each([
		['notes', {}],
		['channels', { raw: false }],
		['channels', { raw: true }],
		['articles', { raw: false }],
		['articles', { raw: true }],
	] as const)('%s %j: one mention per comment, pointing to its post', async (name, options) => {
		const list = LISTS[name];
		const { items, error } = await runSocialData(sim, {
			...parametersOf(list, options),
			returnAll: false,
			limit: 8,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(8);
		expectCommentsOf(list, items);
		// The ids are the comments' own, each once, as the service's records carry them.
		const ids = items.map(({ json }) => json.id);
		expect(new Set(ids).size).toBe(ids.length);
		const own = items.map(({ json }) => {
			const source = json.source as IDataObject;
			return String(source.content_id ?? source.comment_id ?? source.commentId ?? source.id);
		});
		expect(ids).toEqual(own);
	});

	it('a note named by its share text: the mentions name that note', async () => {
		const { items, error } = await runSocialData(sim, {
			resource: 'notes',
			operation: 'get_note_comments',
			note_id: '',
			share_text: sim.dataset.ids.noteShareText,
			returnAll: false,
			limit: 3,
			options: { mentions: true },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expectCommentsOf(LISTS.notes, items);
	});

	it.each(['notes', 'channels', 'articles'])(
		'%s with Only New: the first run gives every comment, the next only those written since, each once',
		async (name) => {
			const list = LISTS[name];
			const staticData: IDataObject = {};
			const run = () =>
				runSocialData(
					sim,
					{ ...parametersOf(list, { onlyNew: true }), returnAll: true },
					{
						staticData,
					},
				);
			const first = await run();
			expect(first.error).toBeUndefined();
			expect(first.items.length).toBeGreaterThan(20);
			expectCommentsOf(list, first.items);

			const answer = await fetch(`${sim.url}/__sim/arrivals`, {
				method: 'POST',
				body: JSON.stringify({ list: list.arrivals(), count: 3 }),
			});
			expect(answer.status).toBe(200);
			const second = await run();
			expect(second.error).toBeUndefined();
			expect(second.items).toHaveLength(3);
			expectCommentsOf(list, second.items);
			const seen = new Set(first.items.map(({ json }) => json.id));
			for (const { json } of second.items) expect(seen.has(json.id)).toBe(false);
		},
	);
});
