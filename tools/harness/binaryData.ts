import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';

/** The bytes of a binary in an output item (stored by id in filesystem mode, or inline base64). */
export async function binaryBuffer(binary: IBinaryData | undefined): Promise<Buffer> {
	if (!binary) throw new Error('The item has no binary data under that name');
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}
