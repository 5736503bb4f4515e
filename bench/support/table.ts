/** Prints rows under a header, columns right-aligned to their widest cell. */
export function printTable(header: string[], rows: string[][]): void {
	const widths = header.map((title, column) =>
		Math.max(title.length, ...rows.map((row) => row[column].length)),
	);
	for (const line of [header, ...rows])
		console.log(line.map((cell, column) => cell.padStart(widths[column])).join('  '));
}

/** A figure for the BENCH line: rounded to `digits` decimals (NaN when missing). */
export const figure = (value: number | undefined, digits = 2): number => {
	const scale = 10 ** digits;
	return Math.round((value ?? Number.NaN) * scale) / scale;
};
