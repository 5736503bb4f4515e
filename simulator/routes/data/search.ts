import {
	BUSINESS_TYPE_CODES,
	DURATIONS,
	PUBLISH_TIMES,
	SORTS,
	TOTAL_UNKNOWN,
	type Duration,
	type SearchHit,
} from '../../dataset/search';
import { keyword, oneOf, optionalInt, optionalString, rawFlag, type Input } from './input';
import { flattenBoxes, splitIntoBoxes } from './boxes';
import { decodeCursor, encodeCursor, invalidCursor, mismatch, pageAt } from './paging';
import type { DataContext, DataGroup } from './types';
import { withoutVertical, withRecordedHits } from '../../shapes/search';

const BUSINESS_TYPES = Object.keys(BUSINESS_TYPE_CODES);

type SearchCursor = { q: string; b: string; s: string; p: string; d: string; o: number };

/**
 * Search group. Paging goes by `cursor` only (offset alone always answers page one); a cursor is
 * bound to the keyword, vertical, sort, publish_time and duration of the first page.
 */
export const search: DataGroup = {
	key: 'search',
	endpoints: {
		fetch_search(input, ctx) {
			const term = keyword(input);
			const businessType = oneOf(input, 'business_type', BUSINESS_TYPES, 'all', { status: 422 });
			const { sort, publishTime } = ordering(input);
			const hits = ctx.dataset.searchHits(term, businessType, { sort, publish_time: publishTime });
			return answer(
				input,
				ctx,
				hits,
				{ q: term, b: businessType, s: sort, p: publishTime, d: 'all' },
				TOTAL_UNKNOWN.has(businessType) ? null : hits.length,
			);
		},
		fetch_search_videos(input, ctx) {
			const term = keyword(input);
			const duration: Duration = oneOf(input, 'duration', DURATIONS, 'all', { aliases: DURATIONS });
			const { sort, publishTime } = ordering(input);
			const hits = ctx.dataset.searchVideoHits(term, { sort, publish_time: publishTime, duration });
			return answer(
				input,
				ctx,
				hits,
				{ q: term, b: 'video', s: sort, p: publishTime, d: duration },
				hits.length,
			);
		},
	},
};

function ordering(input: Input) {
	return {
		sort: oneOf(input, 'sort', SORTS, 'default', { aliases: SORTS }),
		publishTime: oneOf(input, 'publish_time', PUBLISH_TIMES, 'all', { aliases: PUBLISH_TIMES }),
	};
}

function answer(
	input: Input,
	ctx: DataContext,
	hits: readonly SearchHit[],
	query: Omit<SearchCursor, 'o'>,
	total: number | null,
) {
	optionalInt(input, 'offset', { min: 0 });
	const start = startOf(optionalString(input, 'cursor') ?? '', query);
	const { items, next, more } = pageAt(hits, start, ctx.pageSize);
	const boxes = splitIntoBoxes(items, (type) => hits.filter((hit) => hit.type === type).length);
	const paging = {
		continue_flag: more ? 1 : 0,
		cursor: more ? encodeCursor({ ...query, o: next }) : '',
		offset: next,
	};
	const businessType = BUSINESS_TYPE_CODES[query.b];
	const recorded = ctx.options.shapes === 'recorded';
	if (rawFlag(input)) {
		const nowSeconds = Math.floor(ctx.clock.now() / 1000);
		return {
			keyword: query.q,
			business_type: businessType,
			results: { ret: 0, data: recorded ? withRecordedHits(boxes, nowSeconds, query.q) : boxes },
			...paging,
		};
	}
	return {
		keyword: query.q,
		business_type: businessType,
		total,
		...paging,
		count: items.length,
		items: recorded ? flattenBoxes(boxes).map(withoutVertical) : flattenBoxes(boxes),
	};
}

function startOf(cursor: string, query: Omit<SearchCursor, 'o'>): number {
	if (cursor === '') return 0;
	const state = decodeCursor<SearchCursor>(cursor, 'cursor');
	if (typeof state.o !== 'number') throw invalidCursor('cursor');
	if (state.q !== query.q || state.b !== query.b)
		throw mismatch('cursor', 'keyword or business_type');
	if (state.s !== query.s || state.p !== query.p || state.d !== query.d) {
		throw mismatch(
			'cursor',
			'sort, publish_time or duration: send the same values as on the first page',
		);
	}
	return state.o;
}
