/**
 * What an AI agent reads about the Avatar Assets tool (n8n's `usableAsTool` replacements): which
 * resource and operation answers which request, and the ids it needs.
 */
export const avatarAssetsToolDescription = [
	'Manages the material of virtual avatars: groups of images, videos and audio, and the assets in them.',
	'To see what exists: Group > List, or Asset > List with a group id. To check whether an upload is ready: Asset > Get with the asset id.',
	'To organise: Group > Create, Group > Update and Asset > Update rename or describe; Group > Delete and Asset > Delete remove for good, so use them only when asked.',
	'Ids are strings: copy them exactly as an earlier result gave them.',
].join(' ');
