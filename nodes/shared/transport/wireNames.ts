/**
 * The names the service speaks on the wire. The interface document replaced every brand name with a
 * neutral word ("used the same way throughout"); the real service speaks the real names, which
 * clients of the same upstream API show in public (docs/credentials.md › Names on the wire). The
 * pack sends the real names unless the credential's Interface Names asks for the neutral words.
 */
export type InterfaceNames = 'upstream' | 'neutral';

export const DEFAULT_INTERFACE_NAMES: InterfaceNames = 'upstream';

/** The provider that routes the upstream data paths below (they are that API's own paths). */
export const DEFAULT_PROVIDER = 'tikhub';

/** The Social Data groups whose path segment carries a platform name. */
export type DataGroupKey = 'shortVideo' | 'notes' | 'channels' | 'articles' | 'search';

/**
 * The path families the data endpoints live under: one per group, plus the upstream's other
 * families a group's endpoints beyond the interface document use (Douyin's search endpoints sit
 * under `/api/v1/douyin/search/`, an official account's article list under `/api/v1/wechat_mp/web/`).
 */
export type DataPathFamily = DataGroupKey | 'shortVideoSearch' | 'articlesWeb';

/** Each family's path prefix, in each vocabulary; the endpoint names after it are the same in both. */
export const DATA_PATH_PREFIXES: Record<DataPathFamily, Record<InterfaceNames, string>> = {
	shortVideo: { upstream: '/api/v1/douyin/web/', neutral: '/api/v1/shortvideo/web/' },
	shortVideoSearch: { upstream: '/api/v1/douyin/search/', neutral: '/api/v1/shortvideo/search/' },
	notes: { upstream: '/api/v1/xiaohongshu/app_v2/', neutral: '/api/v1/notes/app_v2/' },
	channels: { upstream: '/api/v1/wechat_channels/v2/', neutral: '/api/v1/channels/v2/' },
	articles: { upstream: '/api/v1/wechat_mp/v2/', neutral: '/api/v1/mparticles/v2/' },
	articlesWeb: { upstream: '/api/v1/wechat_mp/web/', neutral: '/api/v1/mparticles/web/' },
	search: { upstream: '/api/v1/wechat_search/v2/', neutral: '/api/v1/mpsearch/v2/' },
};

/** Header of the messages interface that carries its version (the spec's `compat-version`). */
export const MESSAGES_VERSION_HEADER: Record<InterfaceNames, string> = {
	upstream: 'anthropic-version',
	neutral: 'compat-version',
};

/** The real-person auth session's token field, given back to token-to-group (the spec's `AvatarToken`). */
export const REAL_PERSON_TOKEN_FIELD: Record<InterfaceNames, string> = {
	upstream: 'BytedToken',
	neutral: 'AvatarToken',
};

/** Model id prefixes: native generate-content models and image-prediction models. */
export const MODEL_PREFIXES: Record<InterfaceNames, { native: string; prediction: string }> = {
	upstream: { native: 'gemini-', prediction: 'imagen-' },
	neutral: { native: 'gm-', prediction: 'img-' },
};

export function interfaceNamesOf(value: unknown): InterfaceNames {
	return value === 'neutral' ? 'neutral' : DEFAULT_INTERFACE_NAMES;
}

/** A model id without its vocabulary's prefix (`gemini-2.5-flash` and `gm-2.5-flash` → `2.5-flash`), for capability rules. */
export function modelStem(id: string): string {
	for (const prefixes of Object.values(MODEL_PREFIXES)) {
		for (const prefix of [prefixes.native, prefixes.prediction]) {
			if (id.startsWith(prefix)) return id.slice(prefix.length);
		}
	}
	return id;
}

/** Whether a model id is an image-prediction model, in either vocabulary. */
export function isPredictionModelId(id: string): boolean {
	return Object.values(MODEL_PREFIXES).some(({ prediction }) => id.startsWith(prediction));
}

/** A data path written in either vocabulary, in the one asked for (unknown prefixes unchanged). */
export function dataPathIn(path: string, names: InterfaceNames): string {
	for (const prefixes of Object.values(DATA_PATH_PREFIXES)) {
		for (const prefix of Object.values(prefixes)) {
			if (path.startsWith(prefix)) return prefixes[names] + path.slice(prefix.length);
		}
	}
	return path;
}
