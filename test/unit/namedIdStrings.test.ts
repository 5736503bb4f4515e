import { ID_FIELD_NAMES } from '../../nodes/SocialData/descriptor';
import { parseLosslessJson } from '../../nodes/shared/json/losslessJson';
import { namedNumbersAsStrings } from '../../nodes/shared/json/namedIdStrings';

const IDS = new Set(ID_FIELD_NAMES);

describe('namedNumbersAsStrings', () => {
	it('gives the named id fields as strings at any size and depth; everything else as the lossless parser gave it', () => {
		const answer = parseLosslessJson(
			'{"id":7,"count":7,"list":[{"comment_id":12,"likes":3.5},{"comment_id":9007199254740993,"other":9007199254740993}],"reply_id":null,"doc_id":"x","live_id":true}',
		);
		expect(namedNumbersAsStrings(answer, IDS)).toEqual({
			id: '7',
			count: 7,
			list: [
				{ comment_id: '12', likes: 3.5 },
				{ comment_id: '9007199254740993', other: '9007199254740993' },
			],
			reply_id: null,
			doc_id: 'x',
			live_id: true,
		});
	});

	it('changes the value in place and leaves non-objects alone', () => {
		const value = { id: 1 };
		expect(namedNumbersAsStrings(value, IDS)).toBe(value);
		expect(value.id).toBe('1');
		expect(namedNumbersAsStrings(5, IDS)).toBe(5);
		expect(namedNumbersAsStrings(null, IDS)).toBe(null);
	});

	it('walks answers nested deeper than the call stack would allow', () => {
		const depth = 200_000;
		const text = '{"a":'.repeat(depth) + '{"id":1}' + '}'.repeat(depth);
		type Nested = { a: Nested };
		let innermost = namedNumbersAsStrings(JSON.parse(text), IDS) as Nested;
		for (let level = 0; level < depth; level++) innermost = innermost.a;
		expect(innermost).toEqual({ id: '1' });
	});
});
