import {
	DOUYIN_CONTENT_TYPES,
	DOUYIN_DURATIONS,
	DOUYIN_PUBLISH_TIMES,
	DOUYIN_SORT_TYPES,
	type DouyinSearchFilters,
} from '../../dataset/douyinSearch';
import { digitsFor, hexFor } from '../../dataset/random';
import {
	recordedDouyinCard,
	recordedDouyinHit,
	recordedDouyinSearchPage,
} from '../../shapes/douyinSearch';
import { HttpError, keyword, optionalString, type Input } from './input';
import { mismatch, pageAt } from './paging';
import type { DataContext, DataGroup } from './types';

type Kind = 'general' | 'video';

/** What a page's answer told the client to send for the next page. */
interface SearchPosition {
	query: string;
	cursor: number;
	backtrace: string;
}

/**
 * Douyin keyword search (`/api/v1/douyin/search/`). Pages go by `cursor` (the offset the previous
 * answer gave); a later page must also send that answer's log id as `search_id` and its
 * `backtrace`, for the same keyword and filters. The general search's first page holds a card
 * among the posts, as genuine answers do.
 */
export const douyinSearch: DataGroup = {
	key: 'shortVideoSearch',
	endpoints: {
		fetch_general_search_v1: (input, ctx) => searchPage(input, ctx, 'general'),
		fetch_video_search_v1: (input, ctx) => searchPage(input, ctx, 'video'),
	},
};

function searchPage(input: Input, ctx: DataContext, kind: Kind) {
	const term = keyword(input);
	const filters: DouyinSearchFilters = {
		sort_type: enumValue(input, 'sort_type', DOUYIN_SORT_TYPES),
		publish_time: enumValue(input, 'publish_time', DOUYIN_PUBLISH_TIMES),
		filter_duration: enumValue(input, 'filter_duration', DOUYIN_DURATIONS),
		content_type: enumValue(input, 'content_type', DOUYIN_CONTENT_TYPES),
	};
	const cursor = cursorOf(input);
	const query = JSON.stringify([kind, term, filters]);
	if (cursor > 0) checkPosition(input, query, cursor, ctx);

	const posts =
		kind === 'general'
			? ctx.dataset.douyinSearch(term, filters)
			: ctx.dataset.douyinVideoSearch(term, filters);
	const { items, next, more } = pageAt(posts, cursor, ctx.pageSize);
	const records = items.map(recordedDouyinHit);
	if (kind === 'general' && cursor === 0 && records.length > 1)
		records.splice(1, 0, recordedDouyinCard());

	const { seed } = ctx.options;
	const logid = `${digitsFor(16, seed, 'dy-logid', ctx.requestId)}T${hexFor(17, seed, 'dy-logid', ctx.requestId).toUpperCase()}`;
	const backtrace = Buffer.from(hexFor(96, seed, 'dy-backtrace', ctx.requestId), 'hex').toString(
		'base64',
	);
	positionsOf(ctx).set(logid, { query, cursor: next, backtrace });
	return recordedDouyinSearchPage({
		records,
		cursor: next,
		hasMore: more,
		logid,
		backtrace,
		nowMs: ctx.clock.now(),
	});
}

/** An enum the upstream takes as a string: another type is a validation error (422), another value a refusal (400). */
function enumValue<T extends string>(input: Input, name: string, values: readonly T[]): T {
	const value = input[name];
	if (value === undefined || value === null) return values[0];
	if (typeof value !== 'string')
		throw new HttpError(
			422,
			`Invalid ${name}: must be a string`,
			`body.${name}: str type expected`,
		);
	if (!(values as readonly string[]).includes(value))
		throw new HttpError(
			400,
			`Invalid ${name}: ${JSON.stringify(value)} is not one of ${values.join(', ')}`,
			`input.${name}`,
		);
	return value as T;
}

function cursorOf(input: Input): number {
	const value = input.cursor;
	if (value === undefined || value === null) return 0;
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
		throw new HttpError(
			422,
			'Invalid cursor: must be a non-negative integer',
			'body.cursor: value is not a valid integer',
		);
	return value;
}

/** A later page names the answer before it: its log id, and the cursor and backtrace it gave. */
function checkPosition(input: Input, query: string, cursor: number, ctx: DataContext) {
	const searchId = optionalString(input, 'search_id') ?? '';
	const backtrace = optionalString(input, 'backtrace') ?? '';
	const position = positionsOf(ctx).get(searchId);
	if (!position)
		throw new HttpError(
			400,
			'Invalid search_id: send the extra.logid of the previous answer when cursor > 0',
			'input.search_id',
		);
	if (position.query !== query) throw mismatch('search_id', 'keyword or filter');
	if (position.cursor !== cursor)
		throw new HttpError(
			400,
			`Invalid cursor: the previous answer gave ${position.cursor}`,
			'input.cursor',
		);
	if (position.backtrace !== backtrace)
		throw new HttpError(
			400,
			'Invalid backtrace: send the backtrace of the previous answer',
			'input.backtrace',
		);
}

function positionsOf(ctx: DataContext): Map<string, SearchPosition> {
	let positions = ctx.state.get('douyinSearch.positions') as
		| Map<string, SearchPosition>
		| undefined;
	if (!positions) ctx.state.set('douyinSearch.positions', (positions = new Map()));
	return positions;
}
