/**
 * Query parameters that say who shared a link, from where or when it was clicked, not what it
 * shows: a post shared twice carries two sets of them. Compared case-insensitively.
 */
const TRACKING_PARAMETERS = new Set([
	'from',
	'source',
	'scene',
	'subscene',
	'chksm',
	'clicktime',
	'enterid',
	'sessionid',
	'timestamp',
	'fbclid',
	'gclid',
	'is_copy_url',
	'is_from_webapp',
	'sender_device',
	'previous_page',
	'app_platform',
]);
const TRACKING_PREFIXES = ['utm_', 'share', 'xsec_', 'spm'];

const isTracking = (name: string) => {
	const lower = name.toLowerCase();
	return TRACKING_PARAMETERS.has(lower) || TRACKING_PREFIXES.some((p) => lower.startsWith(p));
};

/**
 * The address two mentions share when they link the same page: host without `www.` or `m.`
 * (lower case, as URL gives it), path without trailing slashes, the remaining query parameters
 * sorted; scheme, fragment and tracking parameters dropped. Null for what is not an http(s) link.
 */
export function linkKey(url: string): string | null {
	let parsed: URL;
	try {
		parsed = new URL(url.trim());
	} catch {
		return null;
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
	const host = parsed.host.replace(/^(www|m)\./, '');
	const path = parsed.pathname.replace(/\/+$/, '');
	const query = [...parsed.searchParams]
		.filter(([name]) => !isTracking(name))
		.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
		.map(([name, value]) => `${name}=${value}`)
		.join('&');
	return `${host}${path}${query ? `?${query}` : ''}`;
}
