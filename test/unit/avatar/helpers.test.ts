import type { Paging } from '../../../nodes/AvatarAssets/helpers/listPages';
import { recordsOf, walkPages } from '../../../nodes/AvatarAssets/helpers/listPages';
import { idsAsStrings, outputOf } from '../../../nodes/AvatarAssets/helpers/output';
import { msPastExpiry, tokenExpiry } from '../../../nodes/AvatarAssets/helpers/tokenWindow';

const ENDPOINT = 'POST /v1/private-avatar/assets/list';
const idsOf = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => `r${from + i}`);

/** A list service over `total` records; it answers the way `kind` says and logs what was asked. */
function serviceOf(total: number, kind: 'token' | 'pageNumber' | 'ignoresPaging' | 'totalOnly') {
	const records = idsOf(1, total).map((Id) => ({ Id }));
	const asked: Paging[] = [];
	const ownPageSize = 4;
	return {
		asked,
		fetchPage: async (paging: Paging) => {
			asked.push(paging);
			if (kind === 'token') {
				const size = 'MaxResults' in paging ? paging.MaxResults : paging.PageSize;
				const start =
					'NextToken' in paging && paging.NextToken ? Number(paging.NextToken.slice(1)) : 0;
				const end = start + size;
				return {
					ResponseMetadata: { RequestId: 'r' },
					Result: {
						Items: records.slice(start, end),
						...(end < total ? { NextToken: `t${end}` } : {}),
					},
				};
			}
			// page-number services ignore MaxResults and use a page size of their own
			const page = 'PageNumber' in paging ? paging.PageNumber : 1;
			const size = 'PageSize' in paging ? paging.PageSize : ownPageSize;
			const start = kind === 'ignoresPaging' ? 0 : (page - 1) * size;
			const Items = records.slice(start, start + size);
			if (kind === 'totalOnly') return { Result: { Items, TotalCount: total } };
			return { Result: { Items, PageNumber: page, PageSize: size, TotalCount: total } };
		},
	};
}

const walk = (
	service: ReturnType<typeof serviceOf>,
	options: { startPage?: number; pageSize?: number; limit?: number; fullResponse?: boolean } = {},
) =>
	walkPages({
		startPage: options.startPage ?? 1,
		pageSize: options.pageSize ?? 10,
		limit: options.limit,
		fullResponse: options.fullResponse ?? false,
		endpoint: ENDPOINT,
		fetchPage: service.fetchPage,
	});

describe('walkPages', () => {
	it('follows NextToken until an answer has none (Return All), asking MaxResults each time', async () => {
		const service = serviceOf(23, 'token');
		const out = await walk(service);
		expect(out.map((r) => r.Id)).toEqual(idsOf(1, 23));
		expect(service.asked).toEqual([
			{ MaxResults: 10 },
			{ MaxResults: 10, NextToken: 't10' },
			{ MaxResults: 10, NextToken: 't20' },
		]);
	});

	it('goes on by page number when the answer pages that way, with the page size it answered', async () => {
		const service = serviceOf(10, 'pageNumber');
		const out = await walk(service);
		expect(out.map((r) => r.Id)).toEqual(idsOf(1, 10));
		expect(service.asked).toEqual([
			{ MaxResults: 10 },
			{ PageNumber: 2, PageSize: 4 },
			{ PageNumber: 3, PageSize: 4 },
		]);
	});

	it('stops at TotalCount without asking for an empty page', async () => {
		const service = serviceOf(8, 'pageNumber');
		expect(await walk(service)).toHaveLength(8);
		expect(service.asked).toHaveLength(2);
	});

	it('reads a TotalCount beyond the first page without a token as paging by number', async () => {
		const service = serviceOf(6, 'totalOnly');
		expect((await walk(service)).map((r) => r.Id)).toEqual(idsOf(1, 6));
		expect(service.asked).toEqual([{ MaxResults: 10 }, { PageNumber: 2, PageSize: 4 }]);
	});

	it('asks by page number from a later start page and stops at the limit in the middle of a page', async () => {
		const service = serviceOf(50, 'pageNumber');
		const out = await walk(service, { startPage: 2, limit: 15 });
		expect(out.map((r) => r.Id)).toEqual(idsOf(11, 15));
		expect(service.asked).toEqual([
			{ PageNumber: 2, PageSize: 10 },
			{ PageNumber: 3, PageSize: 10 },
		]);
	});

	it('stops when a service ignores the paging and repeats a page', async () => {
		const service = serviceOf(30, 'ignoresPaging');
		expect(await walk(service, { startPage: 2 })).toHaveLength(10);
		expect(service.asked).toHaveLength(2);
	});

	it('stops when an answer gives back the token it was sent', async () => {
		const asked: Paging[] = [];
		const out = await walkPages({
			startPage: 1,
			pageSize: 2,
			fullResponse: false,
			endpoint: ENDPOINT,
			fetchPage: async (paging) => {
				asked.push(paging);
				return { Result: { Items: [{ Id: `x${asked.length}` }], NextToken: 'same' } };
			},
		});
		expect(out).toHaveLength(2);
		expect(asked).toHaveLength(2);
	});

	it('gives one item per page answer with Full Response', async () => {
		const service = serviceOf(12, 'token');
		const out = await walk(service, { fullResponse: true });
		expect(out).toHaveLength(2);
		expect((out[1].Result as { Items: unknown }).Items).toEqual([{ Id: 'r11' }, { Id: 'r12' }]);
	});
});

describe('recordsOf', () => {
	it('reads Result.Items, an empty or null list, and the other usual holders', () => {
		expect(recordsOf({ Result: { Items: [{ Id: 'a' }] } }, ENDPOINT)).toEqual([{ Id: 'a' }]);
		expect(recordsOf({ Result: { Items: null, TotalCount: 0 } }, ENDPOINT)).toEqual([]);
		expect(recordsOf({ Result: { TotalCount: 0 } }, ENDPOINT)).toEqual([]);
		expect(recordsOf({ Result: { Assets: [{ Id: 'b' }] } }, ENDPOINT)).toEqual([{ Id: 'b' }]);
		expect(recordsOf({ Result: [{ Id: 'c' }] }, ENDPOINT)).toEqual([{ Id: 'c' }]);
	});

	it('reports an answer without a list instead of reading it as no records', () => {
		expect(() => recordsOf({ Result: { Data: [{ Id: 'a' }] } }, ENDPOINT)).toThrow(
			`The answer to ${ENDPOINT} holds no list of records (expected Result.Items)`,
		);
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
