import { Isaac64Keystream } from '../../../nodes/SocialData/download/isaac64Keystream';
import {
	ChannelVideoDecryptor,
	decodeKeyOf,
	encryptedLengthOf,
	looksLikeMp4,
} from '../../../nodes/SocialData/download/channelVideoCipher';
import { channelMediaOf } from '../../../nodes/SocialData/download/channelDownload';
import { DecryptStep } from '../../../nodes/SocialData/download/mediaSteps';
import { referenceKeystream } from '../../../simulator/media/isaac64Reference';
import { encryptedHead } from '../../../simulator/media/encrypt';
import { syntheticMp4 } from '../../../simulator/media/library';
import { seededRandom } from '../../support/seededRandom';

/** The first `length` bytes of a seed's keystream, XORed into zeros in pieces of the given sizes. */
function keystream(seed: bigint, length: number, pieces?: () => number): Buffer {
	const key = decodeKeyOf(seed.toString())!;
	const generator = new Isaac64Keystream(key.hi, key.lo);
	const bytes = Buffer.alloc(length);
	for (let at = 0; at < length; ) {
		const size = pieces ? pieces() : length;
		generator.xor(bytes.subarray(at, at + size));
		at += size;
	}
	return bytes;
}

/** A file encrypted the way the service does: its first `encryptedLength` bytes XORed with the key's keystream. */
function encrypted(plain: Buffer, key: bigint, encryptedLength: number): Buffer {
	const head = encryptedHead(plain, key, encryptedLength);
	return Buffer.concat([head, plain.subarray(head.length)]);
}

describe('the ISAAC64 keystream', () => {
	const words = (bytes: Buffer) =>
		Array.from({ length: bytes.length / 8 }, (_, i) =>
			bytes.subarray(8 * i, 8 * i + 8).toString('hex'),
		);

	it('zero seed: the public test vector (Polyglot Random64 opens with it)', () => {
		expect(words(keystream(0n, 32))).toEqual([
			'9d39247e33776d41',
			'2af7398005aaa5c7',
			'44db015024623547',
			'9c15f73e62a76ae2',
		]);
	});

	it('equals the plain BigInt version for seeds across the whole 64-bit range', () => {
		const random = seededRandom(64);
		const seeds = [0n, 1n, 0xffffffffn, 0x100000000n, 2n ** 53n + 1n, 2n ** 63n, 2n ** 64n - 1n];
		for (let i = 0; i < 8; i++)
			seeds.push(
				BigInt(Math.floor(random() * 2 ** 32)) * 2n ** 32n + BigInt(Math.floor(random() * 2 ** 32)),
			);
		for (const seed of seeds)
			expect(keystream(seed, 3 * 2048 + 100).equals(referenceKeystream(seed, 3 * 2048 + 100))).toBe(
				true,
			);
	});

	it('200 rounds in one call match too', () => {
		const seed = 12_345_678_901_234_567_890n;
		const length = 200 * 2048 + 5;
		expect(keystream(seed, length).equals(referenceKeystream(seed, length))).toBe(true);
	});

	it('carries on across calls of any size, at any byte offset of their memory', () => {
		const seed = 9_876_543_210_987_654_321n;
		const random = seededRandom(5);
		const pieces = () => 1 + Math.floor(random() * 7000);
		expect(keystream(seed, 150_001, pieces).equals(referenceKeystream(seed, 150_001))).toBe(true);
	});
});

describe('decode keys', () => {
	it('takes decimal text up to 2^64−1, and exact integers', () => {
		expect(decodeKeyOf('18446744073709551615')).toEqual({
			text: '18446744073709551615',
			hi: 0xffffffff,
			lo: 0xffffffff,
		});
		expect(decodeKeyOf(' 4294967296 ')).toEqual({ text: '4294967296', hi: 1, lo: 0 });
		expect(decodeKeyOf(2n ** 60n)?.text).toBe(String(2n ** 60n));
		expect(decodeKeyOf(123)?.text).toBe('123');
	});

	it('refuses what is not one: past 2^64−1, signs, letters, empty, a number that lost digits', () => {
		for (const bad of [
			'18446744073709551616',
			'-1',
			'12a',
			'',
			'1.5',
			2 ** 53 + 2,
			-3,
			null,
			undefined,
			{},
		])
			expect(decodeKeyOf(bad)).toBeUndefined();
	});

	it('reads X-enclen, 131072 when absent or unreadable', () => {
		expect(encryptedLengthOf('4096')).toBe(4096);
		expect(encryptedLengthOf(['65536'])).toBe(65_536);
		expect(encryptedLengthOf(undefined)).toBe(131_072);
		expect(encryptedLengthOf('lots')).toBe(131_072);
	});
});

describe('channel video decryption', () => {
	const plain = syntheticMp4(300_000).read(0, 300_000);
	const key = 9_876_543_210_987_654_321n;

	it('gives back the original bytes whatever the chunking; bytes past X-enclen pass unchanged', () => {
		const random = seededRandom(7);
		const file = encrypted(plain, key, 131_072);
		expect(file.subarray(131_072).equals(plain.subarray(131_072))).toBe(true);
		const decryptor = new ChannelVideoDecryptor(decodeKeyOf(key)!, 131_072);
		const parts: Uint8Array[] = [];
		for (let at = 0; at < file.length; ) {
			const size = 1 + Math.floor(random() * 9000);
			parts.push(decryptor.update(Buffer.from(file.subarray(at, at + size))));
			at += size;
		}
		expect(Buffer.concat(parts).equals(plain)).toBe(true);
	});

	it('decrypts chunks in place at any byte offset of their memory (views into one buffer)', () => {
		const random = seededRandom(11);
		const file = encrypted(plain, key, 131_072);
		const decryptor = new ChannelVideoDecryptor(decodeKeyOf(key)!, 131_072);
		for (let at = 0; at < file.length; ) {
			const size = 1 + Math.floor(random() * 5000);
			decryptor.update(file.subarray(at, at + size));
			at += size;
		}
		expect(file.equals(plain)).toBe(true);
	});

	it('whole 64 KB chunks, as a download brings them', () => {
		const file = encrypted(plain, key, 262_144);
		const decryptor = new ChannelVideoDecryptor(decodeKeyOf(key)!, 262_144);
		for (let at = 0; at < file.length; at += 65_536)
			decryptor.update(file.subarray(at, at + 65_536));
		expect(file.equals(plain)).toBe(true);
	});

	it('a file shorter than X-enclen is decrypted as far as it goes', () => {
		const short = plain.subarray(0, 5000);
		const decryptor = new ChannelVideoDecryptor(decodeKeyOf(key)!, 131_072);
		expect(Buffer.from(decryptor.update(encrypted(short, key, 131_072))).equals(short)).toBe(true);
		expect(decryptor.bytesSeen).toBe(5000);
	});

	it('the key of another answer yields no MP4, and the step says which key to use', () => {
		const file = encrypted(plain, key, 131_072);
		const right = new DecryptStep(decodeKeyOf(key)!, 131_072, 'the link', 'fetch_video_detail');
		expect(looksLikeMp4(right.update(Buffer.from(file.subarray(0, 4))))).toBe(false);
		expect(() => right.update(Buffer.from(file.subarray(4, 64)))).not.toThrow();
		const wrong = new DecryptStep(
			decodeKeyOf(key + 1n)!,
			131_072,
			'the link',
			'fetch_video_detail',
		);
		expect(() => wrong.update(Buffer.from(file.subarray(0, 64)))).toThrow(
			/did not decrypt to an MP4.*the decode_key belongs to another answer.*fetch the video detail again/,
		);
		const tiny = new DecryptStep(decodeKeyOf(key)!, 131_072, 'the link', 'fetch_video_detail');
		tiny.update(Buffer.from(file.subarray(0, 3)));
		expect(() => tiny.finish()).toThrow(/did not decrypt to an MP4/);
	});
});

describe('channel media of a video detail answer', () => {
	it('joins url and token from raw=false media and raw=true objectDesc.media[0]', () => {
		expect(
			channelMediaOf({
				media: { url: 'https://cdn/x?a=1', url_token: '&token=t', decode_key: '42' },
			}),
		).toEqual({ url: 'https://cdn/x?a=1&token=t', decodeKey: '42' });
		expect(
			channelMediaOf({
				objects: [
					{
						objectDesc: {
							media: [{ url: 'https://cdn/y?b=2', urlToken: '&token=u', decodeKey: '7' }],
						},
					},
				],
			}),
		).toEqual({
			url: 'https://cdn/y?b=2&token=u',
			decodeKey: '7',
		});
		expect(channelMediaOf({ media: { full_url: 'https://cdn/z?t=1', decode_key: '1' } })).toEqual({
			url: 'https://cdn/z?t=1',
			decodeKey: '1',
		});
		expect(channelMediaOf({ title: 'no media' })).toBeUndefined();
	});
});
