import type { EndpointDescriptor, FieldDescriptor, GroupKey, ModePaths, PaginationDescriptor, PriceDescriptor } from './types';

/** Field and price building blocks several groups share. Data only. */

export const DATA_CALL_PRICE: PriceDescriptor = { credits: 0.1 };

export const DEFAULT_TIMEOUT_MS = 60_000;

/** The spec: a client timeout under 30 s on channel and article endpoints may be charged without an answer. */
export const CHARGED_WITHOUT_ANSWER_MIN_TIMEOUT_MS = 30_000;

export const same = (...paths: string[]): ModePaths => ({ raw: paths, parsed: paths });

export const cookieField = (description: string, required = false): FieldDescriptor => ({
	name: 'cookie',
	displayName: 'Cookie',
	type: 'string',
	secret: true,
	required,
	description,
});

export const maxCursorField = (type: 'string' | 'integer' = 'string'): FieldDescriptor => ({
	name: 'max_cursor',
	displayName: 'Max Cursor',
	type,
	default: type === 'integer' ? 0 : '0',
	description: 'Cursor: 0 on the first request, then the max_cursor of the previous answer (Return All does this)',
});

export const countField = (name: 'count' | 'counts', defaultValue?: number): FieldDescriptor => ({
	name,
	displayName: name === 'count' ? 'Count' : 'Counts',
	type: 'integer',
	minimum: 1,
	default: defaultValue,
	description: 'Records per page',
});

export const awemeIdField: FieldDescriptor = {
	name: 'aweme_id',
	displayName: 'Aweme ID',
	type: 'string',
	required: true,
	bigId: true,
	description: 'ID of the short video',
};

export const keywordField: FieldDescriptor = {
	name: 'keyword',
	displayName: 'Keyword',
	type: 'string',
	required: true,
	trimmedLength: { min: 1, max: 100 },
	description: 'Search term, 1 to 100 characters after trimming',
};

export const finderUsernameField = (required = true): FieldDescriptor => ({
	name: 'username',
	displayName: 'Username',
	type: 'string',
	required,
	pattern: '^v2_[0-9a-fA-F]+@finder$',
	patternHint: 'a finder username of the form v2_<hex>@finder',
	placeholder: 'v2_0123abcd@finder',
	description: 'Creator account, a finder username of the form v2_<hex>@finder',
});

export const articleUrlField: FieldDescriptor = {
	name: 'url',
	displayName: 'URL',
	type: 'string',
	required: true,
	pattern: '^https?://',
	patternHint: 'an http(s) article link',
	description: 'Article link, short form or long form carrying __biz',
};

export const lastBufferField: FieldDescriptor = {
	name: 'last_buffer',
	displayName: 'Last Buffer',
	type: 'string',
	description: 'Base64 cursor: empty for the first page, then the last_buffer of the previous answer (Return All does this)',
};

/** `raw` of channel, article and search endpoints: true = original upstream answer. */
export const RAW_FIELD: FieldDescriptor = {
	name: 'raw',
	displayName: 'Raw',
	type: 'boolean',
	default: true,
	description: 'Whether to return the original upstream answer (true) or the simplified parsed structure (false)',
};

/** What an endpoint entry must say; the rest comes from its group's defaults. */
export type EndpointEntry = Omit<EndpointDescriptor, 'group' | 'path' | 'price' | 'timeoutMs'> & Partial<EndpointDescriptor>;

/** Builds a group's endpoint entries: path from the prefix, the data-call price and timeout unless overridden. */
export function endpointsOf(group: GroupKey, prefix: string, defaults: Partial<EndpointDescriptor> = {}) {
	return (entry: EndpointEntry): EndpointDescriptor => ({
		group,
		path: prefix + entry.name,
		price: DATA_CALL_PRICE,
		timeoutMs: DEFAULT_TIMEOUT_MS,
		...defaults,
		...entry,
	});
}

/** Channel lists paged by last_buffer (raw=true also names it lastBuffer). */
export const byLastBuffer = (records: ModePaths, more: ModePaths): PaginationDescriptor => ({
	records,
	cursors: [{ field: 'last_buffer', from: { raw: ['data.lastBuffer', 'data.last_buffer'], parsed: ['data.last_buffer'] }, initial: '' }],
	more,
});

/** Channel and article endpoints: the stated cash price, raw, and never a client timeout under 30 s. */
export const CHARGED_WITHOUT_ANSWER_DEFAULTS: Partial<EndpointDescriptor> = {
	price: { ...DATA_CALL_PRICE, cash: 0.01 },
	minTimeoutMs: CHARGED_WITHOUT_ANSWER_MIN_TIMEOUT_MS,
	raw: true,
};
