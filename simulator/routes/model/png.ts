import { deflateSync } from 'node:zlib';

/** Real PNG files (8-bit RGB, zlib-compressed, CRC-checked chunks) with the dimensions asked for. */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

export function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
	const out = Buffer.alloc(12 + data.length);
	out.writeUInt32BE(data.length, 0);
	out.write(type, 4, 'ascii');
	data.copy(out, 8);
	out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
	return out;
}

export type Rgb = [number, number, number];

/** A diagonal gradient between two colours, so every image of a different seed looks different. */
export function encodePng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
	if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0))
		throw new RangeError('PNG dimensions must be positive integers');
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8; // bit depth
	header[9] = 2; // colour type: RGB
	const rowBytes = 1 + width * 3;
	const raw = Buffer.alloc(rowBytes * height);
	const span = Math.max(1, width + height - 2);
	for (let y = 0; y < height; y++) {
		raw[y * rowBytes] = 0; // filter: none
		for (let x = 0; x < width; x++) {
			const t = (x + y) / span;
			const offset = y * rowBytes + 1 + x * 3;
			for (let c = 0; c < 3; c++) raw[offset + c] = Math.round(from[c] + (to[c] - from[c]) * t);
		}
	}
	return Buffer.concat([
		SIGNATURE,
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

/** Width and height of a PNG, or undefined when the bytes are not one. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
	if (
		bytes.length < 24 ||
		!bytes.subarray(0, 8).equals(SIGNATURE) ||
		bytes.toString('ascii', 12, 16) !== 'IHDR'
	)
		return undefined;
	return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
