import type {
	EndpointDescriptor,
	FieldDescriptor,
	GroupKey,
	ModePaths,
	PaginationDescriptor,
	PriceDescriptor,
} from './types';

/** Field and price building blocks several groups share. Data only. */

export const DATA_CALL_PRICE: PriceDescriptor = { credits: 0.1 };

export const DEFAULT_TIMEOUT_MS = 60_000;

/** The spec: a client timeout under 30 s on channel and article endpoints may be charged without an answer. */
export const CHARGED_WITHOUT_ANSWER_MIN_TIMEOUT_MS = 30_000;

/** The same paths in the parsed and the raw answer. */
export const same = (...paths: string[]): ModePaths => ({ raw: paths, parsed: paths });

/** Names a search hit, in every search's answers. */
export const SEARCH_HIT_ID = same('docID', 'doc_id', 'docId', 'id');

export const cookieField = (description: string, required = false): FieldDescriptor => ({
	displayName: 'Cookie',
	name: 'cookie',
	type: 'string',
	default: '',
	secret: true,
	required,
	description,
});

export const maxCursorField = (type: 'string' | 'integer' = 'string'): FieldDescriptor => ({
	displayName: 'Max Cursor',
	name: 'max_cursor',
	type,
	default: type === 'integer' ? 0 : '0',
	paging: true,
	description: 'Cursor: 0 on the first page, then the max_cursor of the previous answer',
});

export const countField = (name: 'count' | 'counts', defaultValue: number): FieldDescriptor => ({
	displayName: name === 'count' ? 'Count' : 'Counts',
	name,
	type: 'integer',
	minimum: 1,
	default: defaultValue,
	description: 'Records per page',
});

export const awemeIdField: FieldDescriptor = {
	displayName: 'Aweme ID',
	name: 'aweme_id',
	type: 'string',
	default: '',
	required: true,
	bigId: true,
	description: 'ID of the short video',
};

export const keywordField: FieldDescriptor = {
	displayName: 'Keyword',
	name: 'keyword',
	type: 'string',
	default: '',
	required: true,
	trimmedLength: { min: 1, max: 100 },
	description: 'Search term, 1 to 100 characters after trimming',
};

export const finderUsernameField = (required = true): FieldDescriptor => ({
	displayName: 'Username',
	name: 'username',
	type: 'string',
	default: '',
	required,
	pattern: '^v2_[0-9a-fA-F]+@finder$',
	patternHint: 'a finder username of the form v2_<hex>@finder',
	placeholder: 'v2_0123abcd@finder',
	// Descriptions are HTML in the editor: the angle brackets are written as entities.
	description: 'Creator account, a finder username of the form v2_&lt;hex&gt;@finder',
});

export const articleUrlField: FieldDescriptor = {
	displayName: 'URL',
	name: 'url',
	type: 'string',
	default: '',
	required: true,
	pattern: '^https?://',
	patternHint: 'an http(s) article link',
	description: 'Article link, short form or long form carrying __biz',
};

export const lastBufferField: FieldDescriptor = {
	displayName: 'Last Buffer',
	name: 'last_buffer',
	type: 'string',
	default: '',
	paging: true,
	description:
		'Base64 cursor: empty for the first page, then the last_buffer of the previous answer',
};

/**
 * `raw` of channel, article and search endpoints. The service assumes true (the original upstream
 * answer); the node sends false unless the user turns it on, because the parsed structure is the one
 * people read and map (flat lists, named fields); see docs/social-data.md.
 */
export const RAW_FIELD: FieldDescriptor = {
	displayName: 'Raw Upstream Answer',
	name: 'raw',
	type: 'boolean',
	default: false,
	description:
		'Whether to return the original upstream answer instead of the simplified structure. Turn it on only for fields the simplified structure leaves out.',
};

/** What an endpoint entry must say; the rest comes from its group's defaults. */
export type EndpointEntry = Omit<EndpointDescriptor, 'group' | 'price' | 'timeoutMs'> &
	Partial<EndpointDescriptor>;

/** Builds a group's endpoint entries: the data-call price and timeout unless overridden. */
export function endpointsOf(group: GroupKey, defaults: Partial<EndpointDescriptor> = {}) {
	return (entry: EndpointEntry): EndpointDescriptor => ({
		group,
		price: DATA_CALL_PRICE,
		timeoutMs: DEFAULT_TIMEOUT_MS,
		...defaults,
		...entry,
	});
}

/** Channel lists paged by last_buffer (raw=true also names it lastBuffer). */
export const byLastBuffer = (records: ModePaths, more: ModePaths): PaginationDescriptor => ({
	records,
	cursors: [
		{
			field: 'last_buffer',
			from: { raw: ['data.lastBuffer', 'data.last_buffer'], parsed: ['data.last_buffer'] },
			initial: '',
		},
	],
	more,
});

/** Channel and article endpoints: the stated cash price, raw, and never a client timeout under 30 s. */
export const CHARGED_WITHOUT_ANSWER_DEFAULTS: Partial<EndpointDescriptor> = {
	price: { ...DATA_CALL_PRICE, cash: 0.01 },
	minTimeoutMs: CHARGED_WITHOUT_ANSWER_MIN_TIMEOUT_MS,
	raw: true,
};
