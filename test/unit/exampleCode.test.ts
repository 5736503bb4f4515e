import * as fs from 'node:fs';
import { codeFile, EXAMPLE_CODE, exampleFile, withCode } from '../../scripts/syncExampleCode';

describe('Code nodes of the examples', () => {
	it.each(Object.keys(EXAMPLE_CODE))(
		'examples/%s.json holds the code of its examples/code folder (run `npx tsx scripts/syncExampleCode.ts` after editing it)',
		(example) => {
			const { workflow, missing } = withCode(example);
			expect(missing).toEqual([]);
			const shipped = JSON.parse(fs.readFileSync(exampleFile(example), 'utf8')) as {
				nodes: Array<{ name: string; parameters: { jsCode?: string } }>;
			};
			for (const [nodeName, file] of Object.entries(EXAMPLE_CODE[example])) {
				const node = shipped.nodes.find((candidate) => candidate.name === nodeName);
				expect({ node: nodeName, code: node?.parameters.jsCode }).toEqual({
					node: nodeName,
					code: fs.readFileSync(codeFile(example, file), 'utf8'),
				});
			}
			expect(shipped).toEqual(workflow);
		},
	);

	it.each(
		Object.entries(EXAMPLE_CODE).flatMap(([example, files]) =>
			Object.values(files).map((file) => [example, file]),
		),
	)('%s/%s is valid JavaScript for a Code node (a function body)', (example, file) => {
		// A Code node runs its code as the body of an async function.
		const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
			...args: string[]
		) => unknown;
		expect(() => new AsyncFunction(fs.readFileSync(codeFile(example, file), 'utf8'))).not.toThrow();
	});
});
