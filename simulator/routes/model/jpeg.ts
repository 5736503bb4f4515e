/**
 * Real baseline JPEG files of one grey level: a single 8-bit component whose 8x8 blocks carry only a DC
 * coefficient, with the smallest Huffman tables that code them. Enough for a decoder to open and
 * for tests to read the dimensions.
 */

const marker = (code: number, payload: number[]) => [
	0xff,
	code,
	(payload.length + 2) >> 8,
	(payload.length + 2) & 0xff,
	...payload,
];

class BitWriter {
	readonly bytes: number[] = [];
	private current = 0;
	private used = 0;

	write(value: number, length: number) {
		for (let bit = length - 1; bit >= 0; bit--) {
			this.current = (this.current << 1) | ((value >> bit) & 1);
			if (++this.used === 8) this.flushByte();
		}
	}

	finish() {
		// Pad the last byte with one-bits, as the standard asks.
		while (this.used !== 0) this.write(1, 1);
		return this.bytes;
	}

	private flushByte() {
		this.bytes.push(this.current);
		if (this.current === 0xff) this.bytes.push(0x00); // byte stuffing
		this.current = 0;
		this.used = 0;
	}
}

/** A `width` x `height` JPEG of grey level `grey` (0-255). */
export function encodeGreyJpeg(width: number, height: number, grey: number): Buffer {
	if (
		!(
			Number.isInteger(width) &&
			Number.isInteger(height) &&
			width > 0 &&
			height > 0 &&
			width < 65536 &&
			height < 65536
		)
	) {
		throw new RangeError('JPEG dimensions must be integers from 1 to 65535');
	}
	const dc = 8 * (Math.max(0, Math.min(255, Math.round(grey))) - 128); // DC of an 8x8 block of constant level, quantiser 1
	const category = dc === 0 ? 0 : Math.floor(Math.log2(Math.abs(dc))) + 1;
	// DC table: category 0 -> code 00, the image's category -> code 01 (both 2 bits).
	const dcSymbols = category === 0 ? [0] : [0, category];
	const dcTable = [0x00, 0, dcSymbols.length, ...new Array(14).fill(0), ...dcSymbols];
	// AC table: only end-of-block (0x00), code 0 (1 bit).
	const acTable = [0x10, 1, ...new Array(15).fill(0), 0x00];

	const bits = new BitWriter();
	const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
	for (let block = 0; block < blocks; block++) {
		const diff = block === 0 ? dc : 0;
		const size = block === 0 ? category : 0;
		bits.write(size === 0 ? 0b00 : 0b01, 2);
		if (size > 0) bits.write(diff > 0 ? diff : (diff - 1) & ((1 << size) - 1), size);
		bits.write(0, 1); // end of block
	}

	return Buffer.from([
		0xff,
		0xd8,
		...marker(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF 1.01
		...marker(0xdb, [0x00, ...new Array(64).fill(1)]),
		...marker(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
		...marker(0xc4, [...dcTable, ...acTable]),
		...marker(0xda, [1, 1, 0x00, 0, 63, 0]),
		...bits.finish(),
		0xff,
		0xd9,
	]);
}

/** Width and height from the SOF0 segment, or undefined when the bytes are not a baseline JPEG. */
export function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
	if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
	let offset = 2;
	while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
		const code = bytes[offset + 1];
		const length = bytes.readUInt16BE(offset + 2);
		if (code === 0xc0)
			return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
		offset += 2 + length;
	}
	return undefined;
}
