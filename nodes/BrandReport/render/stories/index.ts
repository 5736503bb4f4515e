export { groupStories, storyKeys } from './groupStories';
export { linkKey } from './linkKey';
export type { Reach, Story } from './story';
export { byStoryEngagement, storyOf } from './story';
export { MIN_TITLE_WEIGHT, titleKey, titleWeight } from './titleKey';
export type { StoryPlace } from './places';
export { storyPlaces } from './places';
