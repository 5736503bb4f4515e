const BOX_TITLES: Record<string, string> = {
	account: 'Accounts',
	article: 'Articles',
	video: 'Videos',
};

export interface Box<T> {
	type: string;
	title: string;
	totalCount: number;
	items: T[];
	subBoxes: Array<{ title: string; items: T[] }>;
}

/**
 * The raw search layout: one box per hit type, in order of first appearance; the first half of a
 * box's hits sit in `items`, the rest in `subBoxes[0].items`, so readers must look in both.
 */
export function splitIntoBoxes<T extends { type: string }>(
	hits: readonly T[],
	totalOfType: (type: string) => number,
): Array<Box<T>> {
	const groups = new Map<string, T[]>();
	for (const hit of hits) groups.set(hit.type, [...(groups.get(hit.type) ?? []), hit]);
	return [...groups].map(([type, group]) => {
		const half = Math.ceil(group.length / 2);
		const rest = group.slice(half);
		return {
			type,
			title: BOX_TITLES[type] ?? type,
			totalCount: totalOfType(type),
			items: group.slice(0, half),
			subBoxes: rest.length
				? [{ title: `More ${(BOX_TITLES[type] ?? type).toLowerCase()}`, items: rest }]
				: [],
		};
	});
}

/** raw=false `items`: every box's items, then its sub-boxes' items. */
export const flattenBoxes = <T>(boxes: ReadonlyArray<Box<T>>): T[] =>
	boxes.flatMap((box) => [...box.items, ...box.subBoxes.flatMap((sub) => sub.items)]);
