import { walkPages } from '../../../nodes/AvatarAssets/helpers/listPages';
import { idsAsStrings, outputOf } from '../../../nodes/AvatarAssets/helpers/output';
import { msPastExpiry, tokenExpiry } from '../../../nodes/AvatarAssets/helpers/tokenWindow';

function pagesOf(
	total: number,
	options: { totalCount?: boolean; ignorePageNumber?: boolean } = {},
) {
	const records = Array.from({ length: total }, (_, i) => ({ Id: `r${i + 1}` }));
	const asked: number[] = [];
	return {
		asked,
		fetchPage: async (page: number, size: number) => {
			asked.push(page);
			const start = options.ignorePageNumber ? 0 : (page - 1) * size;
			return {
				Result: {
					Items: records.slice(start, start + size),
					...(options.totalCount ? { TotalCount: total } : {}),
				},
			};
		},
	};
}

describe('walkPages', () => {
	it('walks every page and stops at the short one (Return All)', async () => {
		const source = pagesOf(23);
		const out = await walkPages({
			startPage: 1,
			pageSize: 10,
			fullResponse: false,
			fetchPage: (p) => source.fetchPage(p, 10),
		});
		expect(out.map((r) => r.Id)).toEqual(Array.from({ length: 23 }, (_, i) => `r${i + 1}`));
		expect(source.asked).toEqual([1, 2, 3]);
	});

	it('stops at TotalCount without asking for an empty page', async () => {
		const source = pagesOf(20, { totalCount: true });
		const out = await walkPages({
			startPage: 1,
			pageSize: 10,
			fullResponse: false,
			fetchPage: (p) => source.fetchPage(p, 10),
		});
		expect(out).toHaveLength(20);
		expect(source.asked).toEqual([1, 2]);
	});

	it('stops at the limit in the middle of a page, from a later start page', async () => {
		const source = pagesOf(50);
		const out = await walkPages({
			startPage: 2,
			pageSize: 10,
			limit: 15,
			fullResponse: false,
			fetchPage: (p) => source.fetchPage(p, 10),
		});
		expect(out.map((r) => r.Id)).toEqual(Array.from({ length: 15 }, (_, i) => `r${i + 11}`));
		expect(source.asked).toEqual([2, 3]);
	});

	it('stops when a service ignores the page number and repeats a page', async () => {
		const source = pagesOf(30, { ignorePageNumber: true });
		const out = await walkPages({
			startPage: 1,
			pageSize: 10,
			fullResponse: false,
			fetchPage: (p) => source.fetchPage(p, 10),
		});
		expect(out).toHaveLength(10);
		expect(source.asked).toEqual([1, 2]);
	});

	it('gives one item per page answer with Full Response', async () => {
		const source = pagesOf(12);
		const out = await walkPages({
			startPage: 1,
			pageSize: 10,
			fullResponse: true,
			fetchPage: (p) => source.fetchPage(p, 10),
		});
		expect(out).toHaveLength(2);
		expect((out[1].Result as { Items: unknown }).Items).toEqual([{ Id: 'r11' }, { Id: 'r12' }]);
	});
});

describe('output', () => {
	it('turns numeric ids into strings and leaves other numbers', () => {
		expect(
			idsAsStrings({
				Id: 7,
				GroupIds: [1, 2],
				group_id: 3,
				PageSize: 10,
				Valid: 1,
				Nested: { AssetId: 9, Count: 2 },
			}),
		).toEqual({
			Id: '7',
			GroupIds: ['1', '2'],
			group_id: '3',
			PageSize: 10,
			Valid: 1,
			Nested: { AssetId: '9', Count: 2 },
		});
	});

	it('unwraps Result unless the full answer is wanted', () => {
		const answer = { ResponseMetadata: { RequestId: 'x' }, Result: { Id: 12 } };
		expect(outputOf(answer, false)).toEqual({ Id: '12' });
		expect(outputOf(answer, true)).toEqual({
			ResponseMetadata: { RequestId: 'x' },
			Result: { Id: '12' },
		});
	});
});

describe('token window', () => {
	it('expires 120 s after the request was sent', () => {
		const sent = Date.UTC(2025, 5, 1, 12, 0, 0);
		const expiry = tokenExpiry(sent);
		expect(expiry).toBe('2025-06-01T12:02:00.000Z');
		expect(msPastExpiry(expiry, sent + 119_999)).toBe(-1);
		expect(msPastExpiry(expiry, sent + 120_000)).toBe(0);
		expect(msPastExpiry('not a date', sent)).toBeUndefined();
	});
});
