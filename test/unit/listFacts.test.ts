import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { EndpointDescriptor, NewestFirstDescriptor } from '../../nodes/SocialData/descriptor';
import {
	ENDPOINTS,
	findEndpoint,
	isNewestFirst,
	isWatched,
	listOrderOf,
	same,
	watchedListOf,
} from '../../nodes/SocialData/descriptor';
import { NODE_OPTION_DEFAULTS, nodeOptionsFor } from '../../nodes/SocialData/editor/nodeOptions';
import { lookBackFor } from '../../nodes/SocialData/newOnly/lookBack';
import { planNewOnly } from '../../nodes/SocialData/newOnly/planNewOnly';
import { SocialData } from '../../nodes/SocialData/SocialData.node';
import { SocialDataTrigger } from '../../nodes/SocialData/SocialDataTrigger.node';
import { offeredOptionalFields } from '../../nodes/SocialData/trigger/description';
import { TRIGGER_EVENTS, triggerEventsOf } from '../../nodes/SocialData/trigger/events';

/**
 * Which lists are read newest first, and how (order, id, time, search index, trigger event), is
 * said once, in the descriptor entry: the Social Data node's Only New, its editor and the trigger
 * all follow it.
 */

const NEWEST_FIRST = ENDPOINTS.filter(isNewestFirst);
const names = (endpoints: EndpointDescriptor[]) =>
	endpoints.map((endpoint) => endpoint.name).sort();
const optionNames = (options: INodeProperties[]) => options.map((option) => option.name);

/** Operations whose Options collection in the Social Data panel holds the option `name`. */
function operationsOffering(name: string): string[] {
	return new SocialData().description.properties
		.filter((property) => property.name === 'options' && property.type === 'collection')
		.filter((property) =>
			(property.options as INodeProperties[]).some((option) => option.name === name),
		)
		.flatMap((property) => (property.displayOptions?.show?.operation ?? []) as string[])
		.sort();
}

/** An endpoint that is no newest-first list today, given list facts in a test. */
const userPosts = findEndpoint('fetch_user_post_videos')!;
const withList = (newestFirst: NewestFirstDescriptor): EndpointDescriptor => ({
	...userPosts,
	newestFirst,
});
const postsList: NewestFirstDescriptor = { order: { filter_type: '0' }, id: same('aweme_id') };
const ONLY_NEW = { ...NODE_OPTION_DEFAULTS, onlyNew: true };

describe('The descriptor says which lists are newest first', () => {
	test('the lists by popularity: Douyin comments, watched by their count', () => {
		const popular = ENDPOINTS.filter((endpoint) => endpoint.popularFirst);
		expect(popular.map((endpoint) => `${endpoint.group}/${endpoint.name}`)).toEqual([
			'shortVideo/fetch_video_comments',
		]);
		expect(popular[0].popularFirst!.total).toEqual(same('data.total'));
		expect(lookBackFor(popular[0].popularFirst!, 120)).toBe(0);
	});

	test("the lists the pack knows: notes, a user's notes, channels, articles, an account's articles, search and Douyin search", () => {
		expect(names(NEWEST_FIRST)).toEqual([
			'fetch_article_comments',
			'fetch_general_search_v1',
			'fetch_mp_article_list',
			'fetch_search',
			'fetch_search_channel_videos',
			'fetch_search_videos',
			'fetch_user_videos',
			'fetch_video_comments',
			'fetch_video_search_v1',
			'get_note_comments',
			'get_user_posted_notes',
			'search_notes',
		]);
	});

	test.each(NEWEST_FIRST.map((endpoint) => [endpoint.name, endpoint] as const))(
		'%s: its newest-first order sets fields it has, to values they allow, and its records can be read',
		(_, endpoint) => {
			const list = endpoint.newestFirst!;
			for (const [name, value] of Object.entries(list.order)) {
				const field = endpoint.fields.find((candidate) => candidate.name === name);
				expect(field).toBeDefined();
				if (field!.allowed) expect(field!.allowed.map((allowed) => allowed.value)).toContain(value);
			}
			expect(endpoint.pagination?.records ?? endpoint.records).toBeDefined();
			expect(list.id.raw).not.toHaveLength(0);
			expect(list.id.parsed).not.toHaveLength(0);
			// A search's late posts are found by their publish time: without one the margin would never apply.
			if (list.searchIndex) expect(list.time).toBeDefined();
		},
	);
});

describe('Only New Since Last Run follows the descriptor', () => {
	test('offered for every watched list (newest first or by popularity), and nothing else', () => {
		expect(operationsOffering('onlyNew')).toEqual(names(ENDPOINTS.filter(isWatched)));
	});

	test("the Look-Back Margin is offered for a search's lists only, and only they walk with one", () => {
		const searchLists = NEWEST_FIRST.filter((endpoint) => endpoint.newestFirst.searchIndex);
		expect(names(searchLists)).toEqual([
			'fetch_general_search_v1',
			'fetch_search',
			'fetch_search_videos',
			'fetch_video_search_v1',
			'search_notes',
		]);
		expect(operationsOffering('lookBackMinutes')).toEqual(names(searchLists));
		for (const endpoint of NEWEST_FIRST)
			expect(lookBackFor(endpoint.newestFirst, 120)).toBe(
				endpoint.newestFirst.searchIndex ? 120 : 0,
			);
	});

	test('an entry given list facts is offered Only New, with the margin when it is a search index', () => {
		expect(optionNames(nodeOptionsFor(userPosts))).not.toContain('onlyNew');
		const offered = optionNames(nodeOptionsFor(withList(postsList)));
		expect(offered).toContain('onlyNew');
		expect(offered).not.toContain('lookBackMinutes');
		const search = { ...postsList, time: same('create_time'), searchIndex: true };
		expect(optionNames(nodeOptionsFor(withList(search)))).toContain('lookBackMinutes');
	});

	test("the walk's plan sends the entry's order, refuses another, and refuses an entry without list facts", () => {
		const given = { sec_user_id: 'MS4wLjABAAAA' };
		expect(() => planNewOnly(userPosts, given, true, ONLY_NEW)).toThrow(
			/not available for fetch_user_post_videos/,
		);
		const endpoint = withList(postsList);
		const { input, newOnly } = planNewOnly(endpoint, given, true, ONLY_NEW);
		expect(input.filter_type).toBe('0');
		expect(newOnly.list.newestFirst).toBe(postsList);
		expect(() => planNewOnly(endpoint, { ...given, filter_type: '3' }, true, ONLY_NEW)).toThrow(
			/must be "0" \(newest first\)/,
		);
	});
});

describe('The Social Data Trigger follows the descriptor', () => {
	const eventProperty = new SocialDataTrigger().description.properties.find(
		(property) => property.name === 'event',
	)!;

	test('one event per list that names one, worded as the entry words it, sorted by name', () => {
		const named = ENDPOINTS.filter(isWatched).filter(
			(endpoint) => watchedListOf(endpoint).triggerEvent,
		);
		expect(names(TRIGGER_EVENTS.map((event) => event.endpoint))).toEqual(names(named));
		for (const event of TRIGGER_EVENTS)
			expect(event).toMatchObject({ ...watchedListOf(event.endpoint).triggerEvent });
		const options = eventProperty.options as INodePropertyOptions[];
		expect(options.map(({ value, name, description }) => ({ value, name, description }))).toEqual(
			TRIGGER_EVENTS.map(({ value, name, description }) => ({ value, name, description })),
		);
		const dropdown = options.map((option) => option.name);
		expect(dropdown).toEqual([...dropdown].sort((a, b) => a.localeCompare(b)));
	});

	test('an entry given an event becomes one; a list without one is no event', () => {
		const event = { value: 'newUserPost', name: 'New User Post', description: 'A user posts' };
		const withEvent = withList({ ...postsList, triggerEvent: event });
		expect(triggerEventsOf([userPosts, withList(postsList)])).toEqual([]);
		expect(triggerEventsOf([userPosts, withEvent])).toEqual([{ ...event, endpoint: withEvent }]);
	});

	test("the order an event's list is read in is sent, never offered", () => {
		for (const event of TRIGGER_EVENTS) {
			const offered = offeredOptionalFields(event).map((field) => field.name);
			for (const name of Object.keys(listOrderOf(event.endpoint)))
				expect(offered).not.toContain(name);
		}
	});
});
