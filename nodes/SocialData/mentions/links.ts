/** The notes platform's web address: a note opens at /explore/<id>, with the token its answer carries. */
const NOTES_WEB = 'https://www.xiaohongshu.com';

/**
 * A note's web link, built the way the platform builds it: the note id and the `xsec_token` of the
 * same answer (without the token the platform shows a note only to signed-in visitors).
 */
export function noteLink(id: string, token: string): string | null {
	if (!/^[0-9a-f]{24}$/i.test(id)) return null;
	return token
		? `${NOTES_WEB}/explore/${id}?xsec_token=${encodeURIComponent(token)}&xsec_source=pc_search`
		: `${NOTES_WEB}/explore/${id}`;
}
