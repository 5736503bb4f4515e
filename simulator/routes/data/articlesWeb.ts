import { recordedArticleListPage } from '../../shapes/articles';
import { HttpError, requiredString, type Input } from './input';
import { pageAt } from './paging';
import type { DataGroup } from './types';

/**
 * Official-account web endpoints (`/api/v1/wechat_mp/web/`), beyond the interface document. The
 * payload is the account's history answer; any `gh_` id names an account.
 */
export const articlesWeb: DataGroup = {
	key: 'articlesWeb',
	endpoints: {
		fetch_mp_article_list(input, ctx) {
			const ghid = requiredString(input, 'ghid').trim();
			if (!/^gh_[0-9a-f]+$/.test(ghid))
				throw new HttpError(
					400,
					'Invalid ghid: must be gh_ followed by hexadecimal characters',
					'input.ghid must be the original ID of an official account',
				);
			const messages = ctx.dataset.accountMessages(ghid);
			const page = pageAt(messages, offsetOf(input), ctx.pageSize);
			return recordedArticleListPage(page.items, page.next, page.more);
		},
	},
};

/** `offset`: empty (or absent) on the first page, then the `next_offset` of the previous answer. */
function offsetOf(input: Input): number {
	const value = input.offset;
	if (value === undefined || value === null || value === '') return 0;
	const text = String(value).trim();
	if (!/^\d+$/.test(text))
		throw new HttpError(
			400,
			'Invalid offset: must be empty or the next_offset of the previous answer',
			'input.offset',
		);
	return Number(text);
}
