import * as fs from 'node:fs';
import * as path from 'node:path';

const EXAMPLES_DIR = path.join(__dirname, '..', '..', 'examples');

interface ExampleNode {
	name: string;
	type: string;
	parameters?: { jsCode?: string };
}

const examples = fs
	.readdirSync(EXAMPLES_DIR)
	.filter((file) => file.endsWith('.json'))
	.map((file) => ({
		file,
		workflow: JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as {
			id: string;
			nodes: ExampleNode[];
		},
	}));

describe('the shipped example workflows', () => {
	it.each(examples.map(({ file }) => file))(
		'%s: no Code node longer than 20 lines (what a team changes is a node parameter)',
		(file) => {
			const { workflow } = examples.find((example) => example.file === file)!;
			const long = workflow.nodes
				.filter((node) => node.type === 'n8n-nodes-base.code')
				.map((node) => ({
					node: node.name,
					lines: (node.parameters?.jsCode ?? '').split('\n').length,
				}))
				.filter(({ lines }) => lines > 20);
			expect(long).toEqual([]);
		},
	);

	it.each(examples.map(({ file }) => file))(
		'%s: a workflow id of at most 21 characters (n8n never saves the static data of a longer one)',
		(file) => {
			const { workflow } = examples.find((example) => example.file === file)!;
			expect(workflow.id.length).toBeLessThanOrEqual(21);
		},
	);
});
