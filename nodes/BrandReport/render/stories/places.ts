import type { StoredMention } from '../mention';
import type { Story } from './story';

/** One platform of a story: how many of its mentions are there, and the most engaged of them. */
export interface StoryPlace {
	platform: string;
	count: number;
	mention: StoredMention;
	/** Whether it is the lead's platform (the title already links there). */
	isLead: boolean;
}

/** Each platform of a story once, in the story's order (most engaged first). */
export function storyPlaces(story: Story): StoryPlace[] {
	return story.platforms.map((platform) => {
		const own = story.mentions.filter((mention) => mention.platform === platform);
		const isLead = platform === story.lead.platform;
		return { platform, count: own.length, mention: isLead ? story.lead : own[0], isLead };
	});
}
