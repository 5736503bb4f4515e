import { MODEL_PREFIXES, type InterfaceNames } from '../../../nodes/shared/transport/wireNames';

/**
 * The models the simulated gateway serves, with what each can do. Their ids carry the prefixes of the
 * names the simulator speaks (`gemini-…`/`imagen-…`, or the interface document's `gm-…`/`img-…`); an
 * id in the other vocabulary is a model the gateway does not have.
 */

export type Capability = 'text' | 'image' | 'speech' | 'embedding' | 'prediction';

export interface CatalogModel {
	id: string;
	capability: Capability;
	owned_by: string;
}

/** Each model by its id without the prefix; prediction models take the prediction prefix. */
const STEMS: Array<[stem: string, capability: Capability]> = [
	['2.5-flash', 'text'],
	['2.5-pro', 'text'],
	['3-pro-preview', 'text'],
	['2.0-flash-exp-image-generation', 'image'],
	['2.5-flash-image', 'image'],
	['2.5-flash-image-preview', 'image'],
	['3-pro-image-preview', 'image'],
	['3.1-flash-image-preview', 'image'],
	['3.1-flash-lite-image', 'image'],
	['2.5-flash-preview-tts', 'speech'],
	['2.5-pro-preview-tts', 'speech'],
	['embedding-001', 'embedding'],
	['4.0-generate-001', 'prediction'],
	['4.0-ultra-generate-001', 'prediction'],
];

function catalogIn(names: InterfaceNames): CatalogModel[] {
	const { native, prediction } = MODEL_PREFIXES[names];
	return STEMS.map(([stem, capability]) => ({
		id: (capability === 'prediction' ? prediction : native) + stem,
		capability,
		owned_by: 'gateway',
	}));
}

const CATALOGS: Record<InterfaceNames, CatalogModel[]> = {
	upstream: catalogIn('upstream'),
	neutral: catalogIn('neutral'),
};

/** The models of the names the simulator speaks. */
export function catalogOf(names: InterfaceNames): CatalogModel[] {
	return CATALOGS[names];
}

export function findModel(id: string, names: InterfaceNames): CatalogModel | undefined {
	const bare = id.replace(/^models\//, '');
	return CATALOGS[names].find((entry) => entry.id === bare);
}

/** Whether an id names a model in the other vocabulary's words (chat and messages take any other id). */
export function isForeignModelId(id: unknown, names: InterfaceNames): boolean {
	if (typeof id !== 'string') return false;
	const foreign = MODEL_PREFIXES[names === 'upstream' ? 'neutral' : 'upstream'];
	return [foreign.native, foreign.prediction].some((prefix) => id.startsWith(prefix));
}

/** OpenAI-compatible model record. */
export function modelRecord(entry: CatalogModel) {
	return { id: entry.id, object: 'model', owned_by: entry.owned_by, created: 1735689600 };
}
