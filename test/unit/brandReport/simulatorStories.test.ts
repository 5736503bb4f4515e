import type { IDataObject } from 'n8n-workflow';
import { findEndpoint } from '../../../nodes/SocialData/descriptor';
import { mentionMapperOf } from '../../../nodes/SocialData/mentions/platforms';
import { readMention } from '../../../nodes/BrandReport/render/mention';
import { groupStories } from '../../../nodes/BrandReport/render/stories';
import { createDataset } from '../../../simulator/dataset';

/**
 * The simulator's brand world, as the collector's four searches store it (the node's own mention
 * mapping): each brand has one story cross-posted to notes, an article, a Channels video and
 * Douyin, and nothing else shares a title or a link, so the demo's and the e2e's reports show one
 * merged story per brand and no accidental one.
 */

const dataset = createDataset();

function mentionsOf(brand: string) {
	const mapped = (name: string, records: unknown[], request: IDataObject) => {
		const toMention = mentionMapperOf(findEndpoint(name)!, request)!;
		return records.map((record) => toMention(record as IDataObject));
	};
	const found = [
		...mapped('search_notes', dataset.searchNotes(brand), { keyword: brand }),
		...mapped('fetch_search', dataset.searchHits(brand, 'article'), {
			keyword: brand,
			business_type: 'article',
		}),
		...mapped('fetch_search_videos', dataset.searchVideoHits(brand), { keyword: brand }),
		...mapped('fetch_general_search_v1', dataset.douyinSearch(brand), { keyword: brand }),
	];
	return found.map((mention) =>
		readMention({
			...mention,
			source: undefined,
			key: `${mention.platform}:${mention.id}`,
			brand,
			label: 'neutral',
			firstSeen: '2026-11-25T08:00:00.000Z',
		}),
	);
}

describe('the simulator’s brand world holds one cross-posted story per brand', () => {
	test.each(['acme', 'rival', 'nova'])('%s', (brand) => {
		const mentions = mentionsOf(brand);
		expect(new Set(mentions.map((mention) => mention.platform))).toEqual(
			new Set(['notes', 'articles', 'channels', 'douyin']),
		);
		const stories = groupStories(mentions);
		const merged = stories.filter((story) => story.mentions.length > 1);
		expect(merged).toHaveLength(1);
		const [story] = merged;
		expect([...story.platforms].sort()).toEqual(['articles', 'channels', 'douyin', 'notes']);
		expect(story.lead.title).toMatch(new RegExp(`^${brand} X2 blender`, 'i'));
		// The launch story went viral: the brand's most engaged, so "Most engaged" shows it merged.
		expect(stories[0]).toBe(story);
		// Every other mention is a story of its own.
		expect(stories).toHaveLength(mentions.length - story.mentions.length + 1);
	});
});
