import type { IDataObject } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

let sim: Simulator;
useSimulator((started) => (sim = started));

/** Every element of an `items` array, in the order the answer's text has them (JSON keys keep that order). */
function hitsInDocumentOrder(value: unknown, out: unknown[] = []): unknown[] {
	if (Array.isArray(value)) value.forEach((entry) => hitsInDocumentOrder(entry, out));
	else if (value !== null && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) {
			if (key === 'items' && Array.isArray(entry)) out.push(...entry);
			else hitsInDocumentOrder(entry, out);
		}
	}
	return out;
}

const docIds = (records: unknown[]) =>
	records.map((record) => String((record as IDataObject).docID));

describe('Social Data: raw=true records with boxes and sub-boxes come out in the order of the answer', () => {
	it('search › fetch_search: box by box, each box its items then its sub-boxes', async () => {
		const parameters = {
			resource: 'search',
			operation: 'fetch_search',
			keyword: sim.dataset.ids.keyword,
			returnAll: false,
			limit: 10,
			options: { raw: true },
		};
		const pages = await runSocialData(sim, {
			...parameters,
			options: { raw: true, splitRecords: false },
		});
		const answer = pages.items[0].json.data as IDataObject;
		const boxes = ((answer.results as IDataObject).data as IDataObject[]).filter(
			(box) => (box.items as unknown[]).length > 0,
		);
		expect(boxes.length).toBeGreaterThan(1);
		expect(boxes.some((box) => (box.subBoxes as unknown[]).length > 0)).toBe(true);
		const expected = docIds(hitsInDocumentOrder(answer.results));

		const { items, error } = await runSocialData(sim, parameters);
		expect(error).toBeUndefined();
		expect(docIds(items.map((item) => item.json))).toEqual(expected);
	});

	it('search › fetch_search with normalised mentions: the same order', async () => {
		const parameters = {
			resource: 'search',
			operation: 'fetch_search',
			keyword: sim.dataset.ids.keyword,
			returnAll: false,
			limit: 10,
			options: { raw: true },
		};
		const pages = await runSocialData(sim, {
			...parameters,
			options: { raw: true, splitRecords: false },
		});
		const expected = docIds(hitsInDocumentOrder((pages.items[0].json.data as IDataObject).results));

		const { items } = await runSocialData(sim, {
			...parameters,
			options: { raw: true, mentions: true },
		});
		expect(items.map((item) => String(item.json.id))).toEqual(expected);
	});

	it('channels › fetch_search_channel_videos: hits in items[] and subBoxes[].items[] of several boxes, as written', async () => {
		const hit = (docID: string) => ({
			type: 'video',
			docID,
			title: `video ${docID}`,
			jumpInfo: { userName: sim.dataset.ids.finderUsername },
		});
		sim.faults.queue({
			endpoint: 'fetch_search_channel_videos',
			data: {
				data: [
					{ type: 1, items: [hit('11')], subBoxes: [{ items: [hit('12'), hit('13')] }] },
					{ type: 2, items: [hit('21')], subBoxes: [] },
					// A box may list its sub-boxes before its own items.
					{
						type: 3,
						subBoxes: [{ items: [hit('31')] }, { items: [hit('32')] }],
						items: [hit('33')],
					},
				],
			},
		});
		const { items, error } = await runSocialData(sim, {
			resource: 'channels',
			operation: 'fetch_search_channel_videos',
			username: sim.dataset.ids.finderUsername,
			keyword: sim.dataset.ids.keyword,
			options: { raw: true },
		});
		expect(error).toBeUndefined();
		expect(docIds(items.map((item) => item.json))).toEqual([
			'11',
			'12',
			'13',
			'21',
			'31',
			'32',
			'33',
		]);
	});
});
