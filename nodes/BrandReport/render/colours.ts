import type { Label } from './strings';

export const LABEL_COLOURS: Record<Label, string> = {
	positive: '#2f9e5b',
	neutral: '#a3adb8',
	negative: '#d9463e',
	unclassified: '#e8a33d',
};

/** Brand colours when the Brands list gives none: distinct from the sentiment colours. */
const BRAND_PALETTE = ['#1d5fbf', '#7b4bc4', '#0c8599', '#c2620a', '#5c6b7a', '#b8327a'];

export function brandColour(index: number, given?: string): string {
	return given && /^#[0-9a-f]{6}$/i.test(given)
		? given
		: BRAND_PALETTE[index % BRAND_PALETTE.length];
}
