import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { SocialDataTrigger } from '../../../nodes/SocialData/SocialDataTrigger.node';
import { pollNode, type HarnessLogRecord, simulatorCredentials } from '../../../tools/harness';
import type { LedgerEntry, Simulator, SimulatorOptions } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';

/**
 * One new record joins every watched list every 3 simulated hours: farther apart than the default
 * Look-Back Margin (2 hours), so a search's margin holds only the newest record seen and the costs
 * these tests count are the walk's own (lookBack.test.ts counts the margin's).
 */
export const ARRIVAL_EVERY_MS = 3 * 60 * 60_000;
export const PAGE_SIZE = 10;

export const credentialsFor = (sim: Simulator) => simulatorCredentials(sim.url);

/** A simulator of the calling test file's own where records arrive as its clock moves (never reset). */
export function useArrivingSimulator(
	assign: (sim: Simulator) => void,
	options: SimulatorOptions = {},
): void {
	useSimulator(assign, {
		arrivalEveryMs: ARRIVAL_EVERY_MS,
		pageSize: PAGE_SIZE,
		...options,
		reset: 'never',
	});
}

/** The simulator's ledger read the way a process outside it would: GET /__sim/ledger. */
export async function ledgerEntries(sim: Simulator): Promise<LedgerEntry[]> {
	const response = await fetch(`${sim.url}/__sim/ledger`);
	return ((await response.json()) as { entries: LedgerEntry[] }).entries;
}

export interface TriggerPoll {
	items: INodeExecutionData[] | null;
	/** Billed calls this poll made, from the simulator's ledger. */
	calls: number;
	error?: Error;
	logs: HarnessLogRecord[];
}

/**
 * An active workflow's Social Data Trigger: each `poll()` runs the node once in n8n's PollContext
 * with the static data the previous poll left, as n8n's database hands it back.
 */
export class ActiveTrigger {
	staticData: IDataObject = {};

	constructor(
		private readonly sim: Simulator,
		readonly parameters: INodeParameters,
		/** What n8n's `getPollBudgetMs()` answers (see pollNode); n8n-core's default when omitted. */
		readonly pollBudgetMs?: number | null,
	) {}

	/** Moves simulated time on: one new record per watched list per ARRIVAL_EVERY_MS. */
	async arrive(records: number): Promise<void> {
		const response = await fetch(`${this.sim.url}/__sim/clock/advance`, {
			method: 'POST',
			body: JSON.stringify({ ms: records * ARRIVAL_EVERY_MS }),
		});
		if (!response.ok) throw new Error(`clock/advance answered ${response.status}`);
	}

	async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<TriggerPoll> {
		const before = (await ledgerEntries(this.sim)).length;
		const result = await pollNode({
			node: new SocialDataTrigger(),
			parameters: this.parameters,
			credentials: credentialsFor(this.sim),
			mode,
			staticData: this.staticData,
			pollBudgetMs: this.pollBudgetMs,
		});
		const entries = await ledgerEntries(this.sim);
		if (mode === 'trigger' && !result.error) this.staticData = result.staticData;
		return {
			items: result.items,
			calls: entries.slice(before).filter((entry) => entry.credits > 0).length,
			error: result.error,
			logs: result.logs,
		};
	}
}

export const jsonOf = (poll: TriggerPoll): IDataObject[] =>
	(poll.items ?? []).map((item) => item.json);

/** Pages that hold `fresh` new records, plus one more when the last of them ends a page (to see the boundary). */
export const expectedCalls = (fresh: number) => Math.floor(fresh / PAGE_SIZE) + 1;

/** Parameters of every event against the simulator's well-known ids. */
export function eventParameters(sim: Simulator): Record<string, INodeParameters> {
	const { ids } = sim.dataset;
	return {
		newNote: { event: 'newNote', keyword: ids.keyword },
		newSearchResult: { event: 'newSearchResult', keyword: ids.keyword },
		newVideoSearchResult: { event: 'newVideoSearchResult', keyword: ids.keyword },
		newChannelVideoSearchResult: {
			event: 'newChannelVideoSearchResult',
			username: ids.finderUsername,
			keyword: ids.keyword,
		},
		newChannelVideo: { event: 'newChannelVideo', username: ids.finderUsername },
		newNoteComment: { event: 'newNoteComment', note_id: ids.noteId, share_text: '' },
		newVideoComment: { event: 'newVideoComment', object_id: ids.objectId },
		newArticleComment: { event: 'newArticleComment', url: ids.articleUrl },
		newUserNote: { event: 'newUserNote', user_id: ids.noteUserId, share_text: '' },
		newAccountArticle: { event: 'newAccountArticle', ghid: ids.ghid },
		newDouyinSearchResult: { event: 'newDouyinSearchResult', keyword: ids.keyword },
		newDouyinVideoSearchResult: { event: 'newDouyinVideoSearchResult', keyword: ids.keyword },
	};
}

interface EventFacts {
	/** Where the output item names its record. */
	idOf(json: IDataObject): unknown;
	/** Creation time, where records carry one. */
	timeOf?(json: IDataObject): number;
	/** Ids of the `count` newest records of the watched list, newest first, as the simulator holds them. */
	newest(sim: Simulator, count: number): string[];
	/** The list has pages (all but the channel search, which answers its first page only). */
	paged: boolean;
}

const strings = (values: Array<string | bigint>) => values.map(String);

/** The aweme id of a Douyin search hit (its `aweme_info`). */
const awemeOf = (json: IDataObject) => json.aweme_info as IDataObject;

/** How each event's records look, and what the simulator's list holds, to check the trigger against. */
export const EVENT_FACTS: Record<string, EventFacts> = {
	newNote: {
		// Recorded answers carry the id only inside `note`.
		idOf: (json) => (json.note as IDataObject).id,
		timeOf: (json) => Number((json.note as IDataObject).timestamp),
		newest: (sim, count) =>
			strings(
				sim.dataset
					.searchNotes(sim.dataset.ids.keyword, { sort_type: 'time_descending' })
					.slice(0, count)
					.map((hit) => hit.id),
			),
		paged: true,
	},
	newSearchResult: {
		idOf: (json) => json.docID,
		timeOf: (json) => Number(json.dateTime),
		newest: (sim, count) =>
			strings(
				sim.dataset
					.searchHits(sim.dataset.ids.keyword, 'all', { sort: 'latest' })
					.slice(0, count)
					.map((hit) => hit.docID),
			),
		paged: true,
	},
	newVideoSearchResult: {
		idOf: (json) => json.docID,
		timeOf: (json) => Number(json.dateTime),
		newest: (sim, count) =>
			strings(
				sim.dataset
					.searchVideoHits(sim.dataset.ids.keyword, { sort: 'latest' })
					.slice(0, count)
					.map((hit) => hit.docID),
			),
		paged: true,
	},
	newChannelVideoSearchResult: {
		idOf: (json) => json.doc_id,
		newest: (sim, count) =>
			strings(
				sim.dataset
					.channelSearchVideos(sim.dataset.ids.finderUsername, sim.dataset.ids.keyword)
					.slice(0, count)
					.map((hit) => hit.doc_id),
			),
		paged: false,
	},
	newChannelVideo: {
		idOf: (json) => json.id,
		timeOf: (json) => Number(json.create_time),
		newest: (sim, count) =>
			strings(
				sim.dataset
					.channelUserVideos(sim.dataset.ids.finderUsername)
					.slice(0, count)
					.map((video) => video.id),
			),
		paged: true,
	},
	newNoteComment: {
		idOf: (json) => json.id,
		timeOf: (json) => Number(json.create_time),
		newest: (sim, count) =>
			strings(
				sim.dataset
					.noteComments(sim.dataset.ids.noteId, 'latest_v2')
					.slice(0, count)
					.map((comment) => comment.id),
			),
		paged: true,
	},
	newVideoComment: {
		idOf: (json) => json.comment_id,
		timeOf: (json) => Number(json.create_time),
		newest: (sim, count) =>
			strings(
				sim.dataset
					.channelVideoComments(sim.dataset.ids.objectId)
					.slice(0, count)
					.map((comment) => comment.comment_id),
			),
		paged: true,
	},
	newArticleComment: {
		idOf: (json) => json.content_id,
		timeOf: (json) => Number(json.create_time),
		// The pinned comment stays on top, above the newest.
		newest: (sim, count) =>
			strings(
				sim.dataset
					.articleComments(sim.dataset.ids.articleUrl)
					.filter((comment) => comment.is_top !== 1)
					.slice(0, count)
					.map((comment) => comment.content_id),
			),
		paged: true,
	},
	newUserNote: {
		// The app's posted-notes list carries no creation time; the pinned note stays on top.
		idOf: (json) => json.id,
		newest: (sim, count) =>
			sim.dataset
				.userNotes(sim.dataset.ids.noteUserId)
				.filter((note) => !note.sticky)
				.slice(0, count)
				.map((note) => note.id),
		paged: true,
	},
	newAccountArticle: {
		idOf: (json) => (json.comm_msg_info as IDataObject).id,
		timeOf: (json) => Number((json.comm_msg_info as IDataObject).datetime),
		newest: (sim, count) =>
			strings(
				sim.dataset
					.accountMessages(sim.dataset.ids.ghid)
					.slice(0, count)
					.map((message) => String(message.id)),
			),
		paged: true,
	},
	newDouyinSearchResult: {
		idOf: (json) => awemeOf(json).aweme_id,
		timeOf: (json) => Number(awemeOf(json).create_time),
		newest: (sim, count) =>
			sim.dataset
				.douyinSearch(sim.dataset.ids.keyword, { sort_type: '2' })
				.slice(0, count)
				.map((post) => post.aweme_id),
		paged: true,
	},
	newDouyinVideoSearchResult: {
		idOf: (json) => awemeOf(json).aweme_id,
		timeOf: (json) => Number(awemeOf(json).create_time),
		newest: (sim, count) =>
			sim.dataset
				.douyinVideoSearch(sim.dataset.ids.keyword, { sort_type: '2' })
				.slice(0, count)
				.map((post) => post.aweme_id),
		paged: true,
	},
};
