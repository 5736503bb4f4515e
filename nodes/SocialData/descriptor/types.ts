/**
 * The endpoint descriptor: plain data describing every data endpoint of the gateway.
 * Dropdowns, fields, validation, request bodies, pagination, billing estimates, timeouts
 * and docs/endpoints.md are all derived from it.
 */

import type { DataGroupKey, DataPathFamily } from '../../shared/transport/wireNames';

/** The data groups; each group's path prefix is the credential's choice (wireNames › DATA_PATH_PREFIXES). */
export type GroupKey = DataGroupKey;

export type FieldType =
	| 'string'
	| 'integer'
	| 'boolean'
	/** Several ids: sent as a JSON array or a comma-separated string (see `listFormat`). */
	| 'idList'
	/** A free-form JSON object merged into `input` (for inputs the spec does not show). */
	| 'json'
	/** A 0/1 switch: a boolean in the editor, sent as the integer 0 or 1. */
	| 'flag';

export interface AllowedValue {
	/** The wire value the dropdown sends. */
	value: string;
	name: string;
	description?: string;
	/** Integer the service accepts in place of the string key (search sort, publish_time, duration). */
	alias?: number;
}

export interface FieldDescriptor {
	/** Wire name, also the n8n parameter name. */
	name: string;
	displayName: string;
	type: FieldType;
	description: string;
	required?: boolean;
	/** Fields sharing a group key: at least one is needed; the earlier one in the list wins. */
	oneOf?: string;
	/**
	 * The parameter's default in the editor; every descriptor entry states it, as n8n parameters do.
	 * For optional fields it is the value the service assumes (or the empty value: "not sent"); for
	 * required and one-of fields, the empty value the input starts with.
	 */
	default?: string | number | boolean;
	allowed?: AllowedValue[];
	/** Length bounds after trimming. */
	trimmedLength?: { min: number; max: number };
	minimum?: number;
	maximum?: number;
	maxItems?: number;
	listFormat?: 'array' | 'comma';
	/** The value must start with this text. */
	prefix?: string;
	/** The value must match this pattern (source of a RegExp); `patternHint` says it in words. */
	pattern?: string;
	patternHint?: string;
	/** A 64-bit identifier: kept as a string; a number that already lost precision is refused. */
	bigId?: boolean;
	/** A secret (session cookie): a password field, its value redacted from output items. */
	secret?: boolean;
	placeholder?: string;
	/**
	 * Positions a page (a cursor, page number, offset): the pager owns it under Return All, so it is
	 * offered only with Return All off, to continue from a page the user saved.
	 */
	paging?: boolean;
}

/**
 * A path into an answer body, e.g. `data.data.cursor`; `*` walks every element of an array, `-1`
 * takes its last element (`data.data.notes.-1.cursor`: the cursor the last record carries), and a
 * key after a string holding a JSON object reads inside it (`data.data.cursor.index`).
 */
export type ResponsePath = string;

/** Where something sits in the raw=true and raw=false answers (same path when the endpoint has no raw). */
export interface ModePaths {
	raw: ResponsePath[];
	parsed: ResponsePath[];
}

/** Which of the two answers a call gets: the upstream one (raw=true) or the simplified one. */
export type AnswerMode = keyof ModePaths;

export interface CursorCarry {
	/** The request field carrying the cursor. */
	field: string;
	/** Where the next value sits in the previous answer. */
	from: ModePaths;
	/** Value sent on the first page. */
	initial?: string | number;
}

export interface PaginationDescriptor {
	/** Where the records of a page sit; the first path that holds an array wins (`*` paths are flattened). */
	records: ModePaths;
	/** Values carried from each answer into the next request. */
	cursors?: CursorCarry[];
	/** Values taken from the first answer only and sent on every later page. */
	sticky?: CursorCarry[];
	/** A request field that counts pages: sent as `start` first, then +1 per page. */
	counter?: { field: string; start: number };
	/**
	 * The flags saying more pages exist (true, 1 or the number of the next page means more): more
	 * pages exist when any of them says so.
	 */
	more: ModePaths;
	/**
	 * Some variants' genuine answers carry no more-pages signal at all: then more pages exist while a
	 * page holds records (the walk's other bounds still hold).
	 */
	moreWhileRecords?: boolean;
	/** Further end signals the spec gives: an answer that shows one is the last page, whatever `more` says. */
	ends?: EndSignal[];
}

/** The answer is the last page when the value at `at` equals `equals` (e.g. an empty cursor). */
export interface EndSignal {
	at: ModePaths;
	equals: string | number;
}

export interface PriceDescriptor {
	/** Credits billed per successful call. */
	credits: number;
	/** Stated cash price per request in currency units, where the spec gives one. */
	cash?: number;
	/** Batch calls with fewer ids than this are charged as this many. */
	billedMinimumIds?: number;
	note?: string;
}

export interface BatchDescriptor {
	/** The id-list field split into calls of at most `maxPerCall`. */
	field: string;
	maxPerCall: number;
	/** Where each id's result sits in the answer, and the id field inside it, for merging per id. */
	results: ResponsePath;
	idField: string;
	/** The key of the one output item that holds every result when One Item per Record is off. */
	outputKey: string;
}

/** How a record of an endpoint reads as a normalised mention (the mappers are in mentions/platforms.ts). */
export type MentionShape =
	| 'note'
	| 'searchHit'
	| 'videoSearchHit'
	| 'channelSearchHit'
	| 'douyinVideo'
	| 'noteComment'
	| 'channelComment'
	| 'articleComment'
	/** A message of an official account's article list (the article it leads with). */
	| 'accountArticle'
	| 'douyinComment';

/** How the records of a list that Only New Since Last Run and the trigger watch are named and dated. */
export interface WatchedListDescriptor {
	/** Names a record: the first path holding a value (ids as strings). */
	id: ModePaths;
	/** Creation time (seconds or milliseconds); absent when the records carry none. */
	time?: ModePaths;
	/** Records pinned above the list's order (an article's top comment): never a boundary. */
	pinned?: ModePaths;
	/**
	 * Only records with an id are entries of the list: others (the cards a search mixes in among its
	 * posts) are passed over, never output as new and never a boundary.
	 */
	idRequired?: boolean;
	/** The Social Data Trigger's event that watches this list, as its Event dropdown names it. */
	triggerEvent?: TriggerEventDescriptor;
}

/**
 * A list the endpoint gives newest first: Only New Since Last Run walks it, and the Social Data
 * Trigger watches it, each down to the first record an earlier walk saw.
 */
export interface NewestFirstDescriptor extends WatchedListDescriptor {
	/** Sent on every call and never offered to the user: the input that orders the list newest first. */
	order: Record<string, string>;
	/**
	 * A search's list: posts may appear in it late, below posts already seen, so a walk reads on
	 * over the Look-Back Margin.
	 */
	searchIndex?: boolean;
}

/**
 * A list in an order other than time (Douyin's comments: most liked first), so a new record may sit
 * on any page. Its first page reports how many records the list holds: a walk reads every page only
 * when that count changed since the last walk (see newOnly/popularWalk.ts).
 */
export interface PopularFirstDescriptor extends WatchedListDescriptor {
	time: ModePaths;
	/** Where the answer reports how many records the whole list holds. */
	total: ModePaths;
}

export interface TriggerEventDescriptor {
	/** The `event` parameter's value. */
	value: string;
	name: string;
	description: string;
}

export interface EndpointDescriptor {
	/**
	 * The endpoint's own name: the operation value, and its path after the group's prefix (the run
	 * envelope's `endpoint` is the prefix the credential names, then this; see endpointPath).
	 */
	name: string;
	group: GroupKey;
	/** The path family when it is not the group's own (Douyin search: `/api/v1/douyin/search/`). */
	family?: DataPathFamily;
	displayName: string;
	description: string;
	fields: FieldDescriptor[];
	/** The endpoint accepts `raw` (default true). */
	raw?: boolean;
	pagination?: PaginationDescriptor;
	/** Where the records of a one-page answer sit (paginated endpoints name them in `pagination`). */
	records?: ModePaths;
	batch?: BatchDescriptor;
	/** Its records can be output as normalised mentions ("Output Normalised Mentions"), read as this shape. */
	mentions?: MentionShape;
	/** Its list is read newest first: Only New Since Last Run and the trigger walk it. */
	newestFirst?: NewestFirstDescriptor;
	/** Its list is in another order (by likes): Only New Since Last Run and the trigger walk it whole when it grew. */
	popularFirst?: PopularFirstDescriptor;
	/** What one call costs: the credit budget reserves it before each call and estimates an execution with it. */
	price: PriceDescriptor;
	/** Client timeout; never below `minTimeoutMs`. */
	timeoutMs: number;
	minTimeoutMs?: number;
	/** Endpoint to try once when this one fails. */
	fallback?: string;
	/** The spec does not show all inputs: a free-form JSON input is offered beside the known fields. */
	freeFormInput?: boolean;
	/** A 200 answer that still reports a failure (billed by the service), e.g. notes' upstream errors. */
	answerError?: AnswerErrorDescriptor;
	/** An endpoint beyond the interface document: where its upstream name and parameters are public. */
	source?: EndpointSource;
}

/** The public evidence for an endpoint the interface document does not show (docs/endpoints.md lists it). */
export interface EndpointSource {
	/** Where the upstream path and parameters are published (repository, commit, file, operation). */
	reference: string;
	/** Where a genuine captured answer was found (simulator/recorded/README.md), or why none was. */
	answers: string;
}

/** An endpoint whose list is read newest first. */
export type NewestFirstEndpoint = EndpointDescriptor & { newestFirst: NewestFirstDescriptor };

/** An endpoint whose list is ordered by popularity. */
export type PopularFirstEndpoint = EndpointDescriptor & { popularFirst: PopularFirstDescriptor };

/** An endpoint whose list Only New Since Last Run and the trigger can watch. */
export type WatchedEndpoint = NewestFirstEndpoint | PopularFirstEndpoint;

export interface AnswerErrorDescriptor {
	/** The answer failed when the value at `path` equals `equals`. */
	path: ResponsePath;
	equals: boolean | null;
	/** Where the explanation sits. */
	message: ResponsePath[];
	billed: boolean;
}

export interface GroupDescriptor {
	key: GroupKey;
	displayName: string;
	description: string;
	endpoints: EndpointDescriptor[];
}
