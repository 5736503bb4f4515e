import { imageOfData } from '../../../nodes/ModelGateway/helpers/imageOutput';
import { encodeGreyJpeg } from '../../../simulator/routes/model/jpeg';
import { encodePng } from '../../../simulator/routes/model/png';

const png = encodePng(4, 4, [1, 2, 3], [4, 5, 6]);

describe('image data of an answer, decided by its content', () => {
	it('base64 of an image becomes its bytes, with the type the bytes show', () => {
		expect(imageOfData(png.toString('base64'), 'image/png')).toEqual({
			kind: 'bytes',
			bytes: png,
			mimeType: 'image/png',
		});
		// line-wrapped base64 and the URL-safe alphabet are base64 too
		const wrapped = png.toString('base64').replace(/(.{16})/g, '$1\n');
		expect(imageOfData(wrapped, 'image/png')).toMatchObject({ kind: 'bytes', bytes: png });
		expect(imageOfData(png.toString('base64url'), 'image/png')).toMatchObject({
			kind: 'bytes',
			bytes: png,
		});
		const jpeg = encodeGreyJpeg(8, 8, 100);
		expect(imageOfData(jpeg.toString('base64'), 'image/png')).toEqual({
			kind: 'bytes',
			bytes: jpeg,
			mimeType: 'image/jpeg',
		});
	});

	it('a data URI gives its bytes', () => {
		expect(imageOfData(`data:image/png;base64,${png.toString('base64')}`, 'image/jpeg')).toEqual({
			kind: 'bytes',
			bytes: png,
			mimeType: 'image/png',
		});
	});

	it('an address is an address, not base64 to decode', () => {
		expect(imageOfData(' https://cdn.example.com/images/a1b2.png?sig=x/y+z ', 'image/png')).toEqual(
			{
				kind: 'url',
				url: 'https://cdn.example.com/images/a1b2.png?sig=x/y+z',
				mimeType: 'image/png',
			},
		);
	});

	it.each([
		['an address without a scheme', 'cdn.example.com/images/a1b2.png'],
		['a path', '/files/images/a1b2'],
		['text', 'The image could not be generated'],
		['base64 of something else', Buffer.from('not an image at all').toString('base64')],
		['empty', '   '],
	])('%s is unreadable, never a file', (_case, data) => {
		expect(imageOfData(data, 'image/png')).toMatchObject({
			kind: 'unreadable',
			mimeType: 'image/png',
		});
	});

	it('a format the node cannot recognise passes as declared', () => {
		const bytes = Buffer.from([0xff, 0x0a, 0x01, 0x02, 0x03]);
		expect(imageOfData(bytes.toString('base64'), 'image/jxl')).toEqual({
			kind: 'bytes',
			bytes,
			mimeType: 'image/jxl',
		});
	});
});
