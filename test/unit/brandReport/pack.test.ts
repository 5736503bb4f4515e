import { packBlocks } from '../../../nodes/BrandReport/render/chat/pack';
import { escapeHtml, escapeMarkdown, markdownUrl } from '../../../nodes/BrandReport/render/escape';

/** A message fits when its blocks, joined, are at most `limit` characters. */
const rules = (limit: number, maxMessages: number) => ({
	fits: (blocks: string[], part: number, of: number) =>
		`(${part}/${of})\n${blocks.join('\n\n')}`.length <= limit,
	maxMessages,
	note: (left: number) => `[${left} left]`,
});

describe('packBlocks', () => {
	test('keeps block order, fills each message up to the limit, and loses nothing when all fit', () => {
		const blocks = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40), 'd'.repeat(40)];
		const messages = packBlocks(blocks, rules(120, 3));
		expect(messages.map((message) => message.blocks)).toEqual([
			[blocks[0], blocks[1]],
			[blocks[2], blocks[3]],
		]);
		expect(messages.map((message) => [message.part, message.of])).toEqual([
			[1, 2],
			[2, 2],
		]);
	});

	test('past the message cap, the last message says how many blocks were left out', () => {
		// Two 50-character blocks fill a 120-character message (with the part label and the note's room).
		const blocks = Array.from({ length: 10 }, (_, n) => `${n}`.repeat(50));
		const messages = packBlocks(blocks, rules(120, 2));
		expect(messages).toHaveLength(2);
		expect(messages[1].blocks[messages[1].blocks.length - 1]).toBe('[6 left]');
		for (const message of messages)
			expect(rules(120, 2).fits(message.blocks, message.part, message.of)).toBe(true);
	});

	test('a block too big for any message is cut to fit, line by line', () => {
		const big = Array.from({ length: 30 }, (_, n) => `line ${n} ${'x'.repeat(20)}`).join('\n');
		const [message] = packBlocks([big], rules(200, 1));
		expect(message.blocks[0].endsWith('\n…')).toBe(true);
		expect(message.blocks[0].startsWith('line 0 ')).toBe(true);
		expect(rules(200, 1).fits(message.blocks, 1, 1)).toBe(true);
	});

	test('one line longer than a message is cut by characters', () => {
		const [message] = packBlocks(['y'.repeat(1000)], rules(100, 1));
		expect(message.blocks[0]).toMatch(/^y+…$/);
		expect(rules(100, 1).fits(message.blocks, 1, 1)).toBe(true);
	});
});

describe('escaping', () => {
	test('HTML: the five characters that can open markup or end an attribute', () => {
		expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
			'&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
		);
	});

	test('Markdown: marks become look-alikes, line breaks a space; a link address cannot be closed early', () => {
		expect(escapeMarkdown('**[a](b)** <at>\n# _x_ `c` ~d~ |e| \\')).toBe(
			'＊＊［a］(b)＊＊ ＜at＞ ＃ ＿x＿ ˋcˋ ～d～ ｜e｜ ＼',
		);
		expect(markdownUrl('https://example.com/a (b)[c]')).toBe(
			'https://example.com/a%20%28b%29%5Bc%5D',
		);
	});
});
