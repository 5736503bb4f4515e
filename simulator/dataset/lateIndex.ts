import { hash32 } from './random';

/**
 * Search index lag: a post written at t appears in a search's lists only from t + lag, sorted by its
 * publish time t, so it lands below posts already listed. `share` (0 to 1) of the posts that arrive
 * on a search list (notes, search hits, video hits, Douyin posts) are late, each by a lag from `minMs` to `maxMs`;
 * which posts and how late is a pure function of the seed, the list and the record's number.
 */
export interface LateIndex {
	share: number;
	minMs: number;
	maxMs: number;
}

/** The arrival lists a search reads (see arrivalList): the only ones a search index can be late for. */
const SEARCH_LIST = /^(notes|search|search-videos|douyin-search):/;

export function checkLateIndex(late: LateIndex | undefined): void {
	if (late === undefined) return;
	if (!(late.share >= 0 && late.share <= 1))
		throw new RangeError('lateIndex.share must be a number from 0 to 1');
	if (!(Number.isInteger(late.minMs) && late.minMs >= 0 && Number.isInteger(late.maxMs)))
		throw new RangeError('lateIndex.minMs and maxMs must be whole, non-negative milliseconds');
	if (late.maxMs < late.minMs) throw new RangeError('lateIndex.maxMs must not be below minMs');
}

/** How long after it was written record `k` of `list` appears: 0 unless the late share picks it. */
export function indexLagMs(
	late: LateIndex | undefined,
	seed: number,
	list: string,
	k: number,
): number {
	if (!late || late.share === 0 || !SEARCH_LIST.test(list)) return 0;
	if (hash32(seed, 'late-index', list, k) / 2 ** 32 >= late.share) return 0;
	return late.minMs + (hash32(seed, 'late-index-lag', list, k) % (late.maxMs - late.minMs + 1));
}
