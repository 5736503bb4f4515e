import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';
import { runSocialData } from './setup';

// An official account's article list (issue 32), on the official-account web path family: the
// account's history answer (messages as JSON text in `general_msg_list`, `next_offset`,
// `can_msg_continue`) through n8n's engine against the simulator.

const PAGE_SIZE = 4;

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: PAGE_SIZE });

const runRequests = () =>
	sim.requests
		.filter((request) => request.path === '/api/v1/run')
		.map((request) => JSON.parse(request.bodyText) as { endpoint: string; input: IDataObject });

const articleList = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'articles',
	operation: 'fetch_mp_article_list',
	ghid: sim.dataset.ids.ghid,
	...parameters,
});

describe('articles › fetch_mp_article_list', () => {
	it("Return All walks the history by each answer's next_offset until can_msg_continue is 0", async () => {
		const expected = sim.dataset.accountMessages(sim.dataset.ids.ghid);
		const { items, error, hints } = await runSocialData(sim, articleList({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		// The message ids come out as strings, read from the JSON text of the list.
		expect(items.map((item) => (item.json.comm_msg_info as IDataObject).id)).toEqual(
			expected.map((message) => String(message.id)),
		);

		const requests = runRequests();
		expect(requests).toHaveLength(Math.ceil(expected.length / PAGE_SIZE));
		expect(requests[0].endpoint).toBe('/api/v1/wechat_mp/web/fetch_mp_article_list');
		expect(requests.map((request) => request.input.offset)).toEqual(
			requests.map((_, page) => (page === 0 ? '' : String(page * PAGE_SIZE))),
		);
		for (const { input } of requests) {
			expect(input.ghid).toBe(sim.dataset.ids.ghid);
			// The upstream web endpoint takes no `raw`.
			expect(input).not.toHaveProperty('raw');
		}
		expect(sim.ledger.billedCalls()).toBe(requests.length);
	});

	it('Limit stops in the second page', async () => {
		const { items } = await runSocialData(sim, articleList({ returnAll: false, limit: 5 }));
		expect(items).toHaveLength(5);
		expect(runRequests().map((request) => request.input.offset)).toEqual(['', '4']);
	});

	it('outputs each message as a mention of its lead article, with the link the other endpoints read', async () => {
		const expected = sim.dataset.accountMessages(sim.dataset.ids.ghid).slice(0, 3);
		const { items, error } = await runSocialData(
			sim,
			articleList({ returnAll: false, limit: 3, options: { mentions: true } }),
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual(
			expected.map((message) =>
				expect.objectContaining({
					platform: 'articles',
					kind: 'post',
					postId: null,
					id: String(message.id),
					// The answer escapes the link (`&amp;`); the mention gives it as a browser opens it.
					url: message.lead.content_url,
					title: message.lead.title,
					text: message.lead.digest,
					author: message.lead.author,
					publishedAt: new Date(message.datetime * 1000).toISOString(),
				}),
			),
		);

		const detail = await runSocialData(sim, {
			resource: 'articles',
			operation: 'fetch_article_detail',
			url: String(items[0].json.url),
		});
		expect(detail.error).toBeUndefined();
	});

	it('Only New Since Last Run outputs only what the account published since', async () => {
		const staticData: IDataObject = {};
		const { ghid } = sim.dataset.ids;
		const parameters = articleList({ returnAll: true, options: { onlyNew: true } });
		const first = await runSocialData(sim, parameters, { staticData });
		expect(first.error).toBeUndefined();
		expect(first.items).toHaveLength(sim.dataset.accountMessages(ghid).length);

		const spike = await fetch(`${sim.url}/__sim/arrivals`, {
			method: 'POST',
			body: JSON.stringify({ list: `account-articles:${ghid}`, count: 3 }),
		});
		expect(spike.status).toBe(200);
		const callsBefore = runRequests().length;
		const second = await runSocialData(sim, parameters, { staticData });
		expect(second.error).toBeUndefined();
		const fresh = sim.dataset.accountMessages(ghid).slice(0, 3).reverse();
		expect(second.items.map((item) => (item.json.comm_msg_info as IDataObject).id)).toEqual(
			fresh.map((message) => String(message.id)),
		);
		expect(runRequests().length - callsBefore).toBe(1);
	});

	it.each([
		['an empty ghid from an expression', '={{ "" }}'],
		['a ghid without gh_', 'a3d35d4c9d3f'],
		['a ghid with other characters', 'gh_xyz'],
	])('%s: fails before any call, naming the field and the item', async (_, ghid) => {
		const { items, error } = await runSocialData(sim, articleList({ ghid }));
		expect(items).toHaveLength(0);
		expect(error?.message).toContain('"ghid"');
		expect(error?.message).toContain('(item 0)');
		expect(sim.requests).toHaveLength(0);
		expect(sim.ledger.credits()).toBe(0);
	});
});

describe('a gateway that does not forward the official-account web endpoints', () => {
	let refusing: Simulator;
	useSimulator((started) => (refusing = started), {
		notForwarded: { endpoints: ['fetch_mp_article_list'], status: 404 },
	});

	it('fails naming the web path and pointing to the provider, with nothing billed', async () => {
		const { items, error } = await runSocialData(refusing, {
			resource: 'articles',
			operation: 'fetch_mp_article_list',
			ghid: refusing.dataset.ids.ghid,
			returnAll: true,
		});
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(
			/does not forward \/api\/v1\/wechat_mp\/web\/fetch_mp_article_list: ask your provider to enable/,
		);
		expect(refusing.ledger.credits()).toBe(0);
	});
});
