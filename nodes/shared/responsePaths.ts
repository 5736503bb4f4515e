/** Reads dot paths such as `data.results.data.*.items.*` out of an answer; `*` walks arrays. */
export function valuesAt(root: unknown, path: string): unknown[] {
	let current: unknown[] = [root];
	for (const segment of path.split('.')) {
		const next: unknown[] = [];
		for (const value of current) {
			if (segment === '*') {
				if (Array.isArray(value)) next.push(...value);
			} else if (value !== null && typeof value === 'object' && segment in value) {
				next.push((value as Record<string, unknown>)[segment]);
			}
		}
		current = next;
	}
	return current;
}

/** The first value found over several candidate paths. */
export function firstValueAt(root: unknown, paths: string[]): unknown {
	for (const path of paths) {
		const [value] = valuesAt(root, path);
		if (value !== undefined) return value;
	}
	return undefined;
}

/** Records of a page: a plain path must hold an array; `*` paths are flattened over every match. */
export function recordsAt(root: unknown, paths: string[]): unknown[] | undefined {
	let found: unknown[] | undefined;
	for (const path of paths) {
		if (path.endsWith('.*')) {
			const values = valuesAt(root, path);
			if (values.length) found = [...(found ?? []), ...values];
			else if (valuesAt(root, path.slice(0, -2)).length) found ??= [];
		} else {
			const [value] = valuesAt(root, path);
			if (Array.isArray(value)) return value;
		}
	}
	return found;
}

/** True, 1 and '1' mean "more pages". */
export function isMoreFlag(value: unknown): boolean {
	return value === true || value === 1 || value === '1' || value === 'true';
}
