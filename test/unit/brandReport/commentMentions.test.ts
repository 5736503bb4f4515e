import {
	readMention,
	appTarget,
	shortened,
	byNewest,
} from '../../../nodes/BrandReport/render/mention';
import { placeName, stringsFor } from '../../../nodes/BrandReport/render/strings';

const row = (extra: Record<string, unknown>) => ({
	key: 'channels:14252357573215922498',
	brand: 'acme',
	platform: 'channels',
	id: '14252357573215922498',
	label: 'negative',
	firstSeen: '2026-11-25T08:00:00.000Z',
	...extra,
});

describe('a stored comment as the report reads it', () => {
	test('kind and postId are read; a row without kind is a post', () => {
		const comment = readMention(row({ kind: 'comment', postId: '14139476937340557422' }));
		expect(comment).toMatchObject({ kind: 'comment', postId: '14139476937340557422' });
		expect(readMention(row({}))).toMatchObject({ kind: 'post', postId: null });
		// A kind column added to a table later is empty on the older rows.
		expect(readMention(row({ kind: '', postId: '' }))).toMatchObject({
			kind: 'post',
			postId: null,
		});
	});

	test('where to open it in the app: its own app id, else (a comment) its post, else its id', () => {
		const comment = readMention(row({ kind: 'comment', postId: '14139476937340557422' }));
		expect(appTarget(comment)).toBe('14139476937340557422');
		expect(appTarget({ ...comment, openInApp: 'export/abc' })).toBe('export/abc');
		expect(appTarget(readMention(row({})))).toBe('14252357573215922498');
	});

	test('its place reads "… comment" in both languages; a post keeps the platform name', () => {
		const comment = { platform: 'notes', kind: 'comment' };
		expect(placeName(stringsFor('en'), comment)).toBe('Notes comment');
		expect(placeName(stringsFor('zh'), comment)).toBe('笔记评论');
		expect(placeName(stringsFor('en'), { platform: 'notes', kind: 'post' })).toBe('Notes');
	});

	test('a text is shortened on one line, never inside a character of two code units', () => {
		expect(shortened('first line\n  second   line', 100)).toBe('first line second line');
		expect(shortened('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
		expect(shortened('abc', 3)).toBe('abc');
	});

	test('newest first: by the time it was written, else by when it was first seen', () => {
		const at = (publishedAt: string | null, firstSeen: string) =>
			readMention(row({ kind: 'comment', publishedAt, firstSeen }));
		const older = at('2026-11-25T06:00:00.000Z', '2026-11-25T09:00:00.000Z');
		const newer = at(null, '2026-11-25T07:00:00.000Z');
		expect([older, newer].sort(byNewest)).toEqual([newer, older]);
	});
});
