/**
 * The video files the simulator's media hosts serve. Tests put real MP4 files here (made with
 * ffmpeg at test time); without them a synthetic MP4-shaped file is served (an `ftyp` box, then an
 * `mdat` box of filler), which passes a decryption check but does not play.
 */

/** A file read in slices, so a large synthetic file is never held whole. */
export interface MediaFile {
	size: number;
	read(start: number, end: number): Buffer;
}

export interface MediaFiles {
	/** Served (encrypted) behind the media links of channel videos. */
	channels?: Buffer | MediaFile;
	/** Served as it is behind short-video play links. */
	shortVideo?: Buffer | MediaFile;
	/** Bytes encrypted at the start of channel files, announced in `X-enclen` (default 131072). */
	encryptedLength?: number;
	/** Leave out the `X-enclen` header (the client then assumes 131072). */
	omitEncryptedLengthHeader?: boolean;
}

export interface MediaControl {
	/** Replaces the files served from now on (fields left out keep their current value). */
	use(files: MediaFiles): void;
	readonly channels: MediaFile;
	readonly shortVideo: MediaFile;
	readonly encryptedLength: number;
	readonly omitEncryptedLengthHeader: boolean;
}

export const DEFAULT_ENCRYPTED_LENGTH = 131_072;
const DEFAULT_SYNTHETIC_BYTES = 300 * 1024;

export function bytesFile(bytes: Buffer): MediaFile {
	return { size: bytes.length, read: (start, end) => bytes.subarray(start, end) };
}

const FTYP = Buffer.from('00000018667479706973736f0000020069736f6d69736f32', 'hex');

/** An `ftyp` box and one `mdat` box filling the rest with a byte pattern: any size, generated slice by slice. */
export function syntheticMp4(size: number): MediaFile {
	const headerLength = FTYP.length + 8;
	if (size < headerLength)
		throw new RangeError(`a synthetic MP4 needs at least ${headerLength} bytes`);
	const header = Buffer.alloc(headerLength);
	FTYP.copy(header);
	header.writeUInt32BE(size - FTYP.length, FTYP.length);
	header.write('mdat', FTYP.length + 4, 'ascii');
	const pattern = Buffer.from(
		Array.from({ length: 65_521 }, (_, i) => (i * 31 + (i >>> 7)) & 0xff),
	);
	return {
		size,
		read(start, end) {
			const slice = Buffer.alloc(Math.max(0, Math.min(end, size) - start));
			let written = 0;
			while (written < slice.length) {
				const at = start + written;
				if (at < headerLength) {
					written += header.copy(slice, written, at);
					continue;
				}
				const from = (at - headerLength) % pattern.length;
				written += pattern.copy(slice, written, from);
			}
			return slice;
		},
	};
}

const asFile = (file: Buffer | MediaFile): MediaFile =>
	Buffer.isBuffer(file) ? bytesFile(file) : file;

export function createMediaLibrary(initial: MediaFiles = {}): MediaControl {
	const synthetic = syntheticMp4(DEFAULT_SYNTHETIC_BYTES);
	const current = {
		channels: synthetic,
		shortVideo: synthetic,
		encryptedLength: DEFAULT_ENCRYPTED_LENGTH,
		omitEncryptedLengthHeader: false,
	};
	const control: MediaControl = {
		use(files) {
			if (files.channels) current.channels = asFile(files.channels);
			if (files.shortVideo) current.shortVideo = asFile(files.shortVideo);
			if (files.encryptedLength !== undefined) current.encryptedLength = files.encryptedLength;
			if (files.omitEncryptedLengthHeader !== undefined)
				current.omitEncryptedLengthHeader = files.omitEncryptedLengthHeader;
		},
		get channels() {
			return current.channels;
		},
		get shortVideo() {
			return current.shortVideo;
		},
		get encryptedLength() {
			return current.encryptedLength;
		},
		get omitEncryptedLengthHeader() {
			return current.omitEncryptedLengthHeader;
		},
	};
	control.use(initial);
	return control;
}
