/** The models the simulated gateway serves, with what each can do. */

export type Capability = 'text' | 'image' | 'speech' | 'embedding' | 'prediction';

export interface CatalogModel {
	id: string;
	capability: Capability;
	owned_by: string;
}

const model = (id: string, capability: Capability, owned_by = 'gateway'): CatalogModel => ({
	id,
	capability,
	owned_by,
});

export const CATALOG: CatalogModel[] = [
	model('gm-2.5-flash', 'text'),
	model('gm-2.5-pro', 'text'),
	model('gm-3-pro-preview', 'text'),
	model('gm-2.0-flash-exp-image-generation', 'image'),
	model('gm-2.5-flash-image', 'image'),
	model('gm-2.5-flash-image-preview', 'image'),
	model('gm-3-pro-image-preview', 'image'),
	model('gm-3.1-flash-image-preview', 'image'),
	model('gm-3.1-flash-lite-image', 'image'),
	model('gm-2.5-flash-preview-tts', 'speech'),
	model('gm-2.5-pro-preview-tts', 'speech'),
	model('gm-embedding-001', 'embedding'),
	model('img-4.0-generate-001', 'prediction'),
	model('img-4.0-ultra-generate-001', 'prediction'),
];

export function findModel(id: string): CatalogModel | undefined {
	return CATALOG.find((entry) => entry.id === id.replace(/^models\//, ''));
}

/** OpenAI-compatible model record. */
export function modelRecord(entry: CatalogModel) {
	return { id: entry.id, object: 'model', owned_by: entry.owned_by, created: 1735689600 };
}
