import JSONbig from 'json-bigint';
import { parseLosslessJson } from '../../nodes/shared/json/losslessJson';
import { parseLosslessJsonBytes } from '../../nodes/shared/json/losslessJsonBytes';
import { seededRandom, type Random } from '../support/seededRandom';

const jsonBigint = JSONbig({ storeAsString: true });

/** Both entry points must give the same values: from a string, and from the answer's bytes. */
const PARSERS: Array<[string, (text: string) => unknown]> = [
	['from text', parseLosslessJson],
	['from bytes', (text) => parseLosslessJsonBytes(Buffer.from(text, 'utf8'))],
];

describe.each(PARSERS)('parseLosslessJson %s', (_entry, parseLossless) => {
	describe('parseLosslessJson: integer boundaries', () => {
		it('keeps 2^53-1 and -(2^53-1) as numbers', () => {
			expect(parseLossless('{"a":9007199254740991,"b":-9007199254740991}')).toEqual({
				a: 9007199254740991,
				b: -9007199254740991,
			});
		});

		it('turns 2^53 and 2^53+1 (and their negatives) into exact strings', () => {
			expect(
				parseLossless('[9007199254740992,9007199254740993,-9007199254740992,-9007199254740993]'),
			).toEqual(['9007199254740992', '9007199254740993', '-9007199254740992', '-9007199254740993']);
		});

		it('turns 2^63-1, -(2^63) and longer integers into exact strings', () => {
			expect(
				parseLossless(
					'{"max":9223372036854775807,"min":-9223372036854775808,"u64":18446744073709551615,"long":-123456789012345678901234567890}',
				),
			).toEqual({
				max: '9223372036854775807',
				min: '-9223372036854775808',
				u64: '18446744073709551615',
				long: '-123456789012345678901234567890',
			});
		});

		it('decides 16-digit integers digit by digit around 2^53', () => {
			expect(
				parseLossless(
					'[9007199254740989,9007199254740999,9007199254741000,9008000000000000,9999999999999999,8999999999999999]',
				),
			).toEqual([
				9007199254740989,
				'9007199254740999',
				'9007199254741000',
				'9008000000000000',
				'9999999999999999',
				8999999999999999,
			]);
		});

		it('parses numbers at the top level', () => {
			expect(parseLossless('12345678901234567890')).toBe('12345678901234567890');
			expect(parseLossless(' \n-9223372036854775808\t\r\n')).toBe('-9223372036854775808');
			expect(parseLossless('9007199254740991')).toBe(9007199254740991);
			expect(parseLossless('12345678901234567890.5')).toBe(12345678901234567890.5);
			expect(Object.is(parseLossless('-0'), -0)).toBe(true);
		});
	});

	describe('parseLosslessJson: everything else as JSON.parse', () => {
		it('keeps decimals and exponents numbers, however long', () => {
			const text =
				'[12345678901234567890.5,12345678901234567890e0,1E+25,9007199254740993.0,-1.2345678901234567890123e-5,0.1234567890123456789,1e-7]';
			expect(parseLossless(text)).toEqual(JSON.parse(text));
		});

		it('never touches digit runs inside strings, including digit keys', () => {
			const text =
				'{"text":"abc 12345678901234567890","12345678901234567890":12345678901234567890,"url":"https://x/video/7321456789012345678"}';
			expect(parseLossless(text)).toEqual({
				text: 'abc 12345678901234567890',
				'12345678901234567890': '12345678901234567890',
				url: 'https://x/video/7321456789012345678',
			});
		});

		it('keeps strings that look like values after ":", "," or "["', () => {
			const text =
				'{"a":":12345678901234567890","b":"x, 12345678901234567890","c":"[12345678901234567890]","d":"ref: 12345678901234567890","id":12345678901234567891}';
			expect(parseLossless(text)).toEqual({
				a: ':12345678901234567890',
				b: 'x, 12345678901234567890',
				c: '[12345678901234567890]',
				d: 'ref: 12345678901234567890',
				id: '12345678901234567891',
			});
		});

		it('handles escaped quotes and backslashes before digits', () => {
			const text = String.raw`{"q":"\"12345678901234567890\"","b\\":12345678901234567890,"mix":["\\\"",-12345678901234567890,"\\",1],"raw":"{\"id\":12345678901234567890}"}`;
			expect(parseLossless(text)).toEqual({
				q: '"12345678901234567890"',
				'b\\': '12345678901234567890',
				mix: ['\\"', '-12345678901234567890', '\\', 1],
				raw: '{"id":12345678901234567890}',
			});
		});

		it('handles unicode text and \\u escapes', () => {
			const text = String.raw`{"名前":"東京 12345678901234567890 😀","\u0041":9223372036854775807,"e":"\u00e9\ud83d\ude00 \u0031\u0032","n":[1,"ü",12345678901234567890]}`;
			expect(parseLossless(text)).toEqual({
				名前: '東京 12345678901234567890 😀',
				A: '9223372036854775807',
				e: 'é😀 12',
				n: [1, 'ü', '12345678901234567890'],
			});
		});

		it('handles deep nesting', () => {
			const depth = 2000;
			const text = `${'[{"a":'.repeat(depth)}12345678901234567890${'}]'.repeat(depth)}`;
			let value = parseLossless(text);
			for (let level = 0; level < depth; level++) value = (value as Array<{ a: unknown }>)[0].a;
			expect(value).toBe('12345678901234567890');
		});

		it('finds big integers as array elements and object values with whitespace around them', () => {
			const text =
				'[\n  12345678901234567890 ,\r\n\t-12345678901234567890\n,{ "id" :\n 7321456789012345678 \n, "n":\t[ 9223372036854775807 ] } ]';
			expect(parseLossless(text)).toEqual([
				'12345678901234567890',
				'-12345678901234567890',
				{ id: '7321456789012345678', n: ['9223372036854775807'] },
			]);
		});

		it('handles thousands of big integers, packed in an array or spread over records', () => {
			const ids = Array.from({ length: 3000 }, (_, index) =>
				(7000000000000000000n + BigInt(index) * 1237n).toString(),
			);
			expect(parseLossless(`[${ids.join(',')}]`)).toEqual(ids);
			const records = ids.map(
				(id, index) => `{"id":${id},"text":"${'x'.repeat(index % 200)} ${id}","n":${index}}`,
			);
			expect(parseLossless(`{"items":[${records.join(',')}]}`)).toEqual({
				items: ids.map((id, index) => ({ id, text: `${'x'.repeat(index % 200)} ${id}`, n: index })),
			});
		});

		it('keeps true, false, null and small numbers next to big integers', () => {
			expect(
				parseLossless('[true,12345678901234567890,false,null,0,-1,12345678901234567890]'),
			).toEqual([true, '12345678901234567890', false, null, 0, -1, '12345678901234567890']);
		});
	});

	describe('parseLosslessJson: documented differences from json-bigint', () => {
		it('keeps safe 16-digit integers, negative 15-digit integers and long decimals as numbers', () => {
			const text =
				'[1000000000000000,9007199254740991,-900719925474099,0.1234567890123456789,123456789012345.5]';
			expect(parseLossless(text)).toEqual([
				1000000000000000, 9007199254740991, -900719925474099, 0.1234567890123456789,
				123456789012345.5,
			]);
			// json-bigint turns every number literal longer than 15 characters into a string.
			expect(jsonBigint.parse(text)).toEqual([
				'1000000000000000',
				'9007199254740991',
				'-900719925474099',
				'0.1234567890123456789',
				'123456789012345.5',
			]);
		});
	});

	describe('parseLosslessJson: invalid JSON', () => {
		const invalidTexts = [
			'',
			'{"id":12345678901234567890',
			'[12345678901234567890,',
			'[1234567890123456789012',
			'{"a":"abc',
			'{"a":1,}',
			'{12345678901234567890:1}',
			'{"a":1, 12345678901234567890 : 2}',
			'[012345678901234567890]',
			'[-012345678901234567890]',
			// A valid big integer first, so the fast rewrite succeeds and the exact rewrite sees the rest.
			'{"a":12345678901234567890,12345678901234567890:1}',
			'[12345678901234567890,012345678901234567890]',
			'[12345678901234567890 12345678901234567890]',
			'12345678901234567890 x',
			'[1.12345678901234567890.5]',
			'["a" 12345678901234567890]',
		];

		it.each(invalidTexts)('throws the SyntaxError of JSON.parse for %j', (text) => {
			const expected = captureError(() => JSON.parse(text));
			const actual = captureError(() => parseLossless(text));
			expect(actual).toBeInstanceOf(SyntaxError);
			expect(actual.message).toBe(expected.message);
		});
	});

	describe('parseLosslessJson: randomized', () => {
		it('agrees with json-bigint on generated documents where both contracts coincide', () => {
			const random = seededRandom(20240601);
			for (let documentIndex = 0; documentIndex < 300; documentIndex++) {
				const { text, expected } = generateDocument(random, 'coinciding');
				const actual = parseLossless(text);
				expect(actual).toEqual(toPlainValue(jsonBigint.parse(text)));
				expect(actual).toEqual(expected);
			}
		});

		it('gives the generator-known values on documents with every kind of literal', () => {
			const random = seededRandom(7);
			for (let documentIndex = 0; documentIndex < 300; documentIndex++) {
				const { text, expected } = generateDocument(random, 'full');
				expect(parseLossless(text)).toEqual(expected);
			}
		});

		it('throws exactly when JSON.parse throws on truncated and mutated documents', () => {
			const random = seededRandom(99);
			const mutationAlphabet = [
				'"',
				'\\',
				':',
				',',
				'[',
				']',
				'{',
				'}',
				'-',
				'0',
				'9',
				'.',
				'e',
				' ',
			];
			let validMutants = 0;
			for (let documentIndex = 0; documentIndex < 300; documentIndex++) {
				const { text } = generateDocument(random, 'full');
				const at = Math.floor(random() * text.length);
				const mutants = [
					text.slice(0, at),
					text.slice(0, at) + text.slice(at + 1),
					text.slice(0, at) +
						mutationAlphabet[Math.floor(random() * mutationAlphabet.length)] +
						text.slice(at + 1),
				];
				for (const mutant of mutants) {
					const expectedError = captureErrorOrUndefined(() => JSON.parse(mutant));
					if (expectedError) {
						const actualError = captureError(() => parseLossless(mutant));
						expect(actualError).toBeInstanceOf(SyntaxError);
						expect(actualError.message).toBe(expectedError.message);
					} else {
						validMutants++;
						expect(parseLossless(mutant)).toEqual(referenceParse(mutant));
					}
				}
			}
			expect(validMutants).toBeGreaterThan(20);
		});
	});
});

// ---------------------------------------------------------------------------------------------------

function captureErrorOrUndefined(action: () => unknown): Error | undefined {
	try {
		action();
		return undefined;
	} catch (error) {
		return error as Error;
	}
}

function captureError(action: () => unknown): Error {
	const error = captureErrorOrUndefined(action);
	if (!error) throw new Error('expected an error');
	return error;
}

/** json-bigint builds objects without prototype; compare them as plain objects. */
function toPlainValue(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(toPlainValue);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, member]) => [key, toPlainValue(member)]),
		);
	}
	return value;
}

/** Independent reference: regex tokenizer, unsafe integer tokens kept as text, all else via JSON.parse. */
function referenceParse(text: string): unknown {
	const token =
		/[ \t\n\r]*(?:([{}[\]:,])|("(?:[^"\\]|\\[^])*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null))/y;
	const next = (): string => {
		const match = token.exec(text);
		if (!match) throw new Error(`reference tokenizer stuck at ${token.lastIndex}`);
		return match[0].trimStart();
	};
	const value = (first: string): unknown => {
		if (first === '[') {
			const array: unknown[] = [];
			let item = next();
			while (item !== ']') {
				array.push(value(item));
				item = next();
				if (item === ',') item = next();
			}
			return array;
		}
		if (first === '{') {
			const object: Record<string, unknown> = {};
			let key = next();
			while (key !== '}') {
				next(); // ':'
				Object.defineProperty(object, JSON.parse(key) as string, {
					value: value(next()),
					enumerable: true,
					writable: true,
					configurable: true,
				});
				key = next();
				if (key === ',') key = next();
			}
			return object;
		}
		if (/^-?[1-9]\d*$/.test(first) && !Number.isSafeInteger(Number(first))) return first;
		return JSON.parse(first);
	};
	return value(next());
}

type GeneratorMode = 'coinciding' | 'full';

interface GeneratedDocument {
	text: string;
	expected: unknown;
}

function generateDocument(random: Random, mode: GeneratorMode): GeneratedDocument {
	const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
	const whitespace = (): string =>
		random() < 0.7 ? '' : pick([' ', '\n', '\t', '\r\n', '  \n  ']);
	const digits = (count: number): string => {
		let text = String(1 + Math.floor(random() * 9));
		while (text.length < count) text += Math.floor(random() * 10);
		return text;
	};

	const literalValue = (literal: string): unknown =>
		/^-?[1-9]\d*$/.test(literal) && !Number.isSafeInteger(Number(literal))
			? literal
			: Number(literal);
	const number = (): GeneratedDocument => {
		const sign = random() < 0.3 ? '-' : '';
		const kind = random();
		let literal: string;
		if (kind < 0.35) literal = sign + digits(16 + Math.floor(random() * 10));
		else if (kind < 0.4)
			literal =
				sign +
				pick([
					'9007199254740991',
					'9007199254740992',
					'9007199254740993',
					'9223372036854775807',
					'9223372036854775808',
				]);
		else if (kind < 0.65)
			literal = sign + (random() < 0.1 ? '0' : digits(1 + Math.floor(random() * 16)));
		else if (kind < 0.85)
			literal = `${sign}${digits(1 + Math.floor(random() * 6))}.${digits(1 + Math.floor(random() * 25))}`;
		else
			literal = `${sign}${digits(1 + Math.floor(random() * 20))}${pick(['e', 'E'])}${pick(['', '+', '-'])}${Math.floor(random() * 30)}`;
		const expected = literalValue(literal);
		// json-bigint turns every literal longer than 15 characters into a string, unsafe integer or not.
		if (mode === 'coinciding' && literal.length > 15 && typeof expected !== 'string')
			return number();
		return { text: literal, expected };
	};

	const stringContent = (): string => {
		const parts: string[] = [];
		const count = Math.floor(random() * 5);
		for (let index = 0; index < count; index++) {
			parts.push(
				pick([
					'abc',
					' ',
					digits(19),
					`id: ${digits(20)}`,
					`:${digits(19)}`,
					`, ${digits(17)}`,
					`[${digits(18)}]`,
					`{"id":${digits(19)}}`,
					'"',
					'\\',
					`\\${digits(19)}`,
					`"${digits(16)}`,
					'東京',
					'😀',
					'é',
					'\n',
					'\u0001',
				]),
			);
		}
		return parts.join('');
	};
	const stringLiteral = (content: string): string => {
		if (random() < 0.8) return JSON.stringify(content);
		// Some digits and letters as \u escapes; emoji become \ud83d\ude00 pairs (one code unit at a time).
		let encoded = '"';
		for (const codeUnit of content.split('')) {
			const escaped = /[a-z0-9]/.test(codeUnit) && random() < 0.3;
			encoded += escaped
				? `\\u${codeUnit.charCodeAt(0).toString(16).padStart(4, '0')}`
				: JSON.stringify(codeUnit).slice(1, -1);
		}
		return `${encoded}"`;
	};

	const value = (depth: number): GeneratedDocument => {
		const kind = random();
		if (depth < 4 && kind < 0.2) {
			const items: GeneratedDocument[] = [];
			const count = Math.floor(random() * 5);
			for (let index = 0; index < count; index++) items.push(value(depth + 1));
			return {
				text: `[${whitespace()}${items.map((item) => item.text).join(`${whitespace()},${whitespace()}`)}${whitespace()}]`,
				expected: items.map((item) => item.expected),
			};
		}
		if (depth < 4 && kind < 0.4) {
			const members: string[] = [];
			const expected: Record<string, unknown> = {};
			const count = Math.floor(random() * 5);
			for (let index = 0; index < count; index++) {
				const key = `${pick(['id', 'comment_id', 'k', digits(19), 'x: ', '"q', '\\'])}${index}`;
				const member = value(depth + 1);
				members.push(
					`${whitespace()}${stringLiteral(key)}${whitespace()}:${whitespace()}${member.text}`,
				);
				expected[key] = member.expected;
			}
			return { text: `{${members.join(',')}${whitespace()}}`, expected };
		}
		if (kind < 0.75) return number();
		if (kind < 0.92) {
			const content = stringContent();
			return { text: stringLiteral(content), expected: content };
		}
		const literal = pick(['true', 'false', 'null']);
		return { text: literal, expected: JSON.parse(literal) };
	};

	const document = value(0);
	return { text: whitespace() + document.text + whitespace(), expected: document.expected };
}
