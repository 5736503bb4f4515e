import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The Code nodes of the example workflows are written as plain files in examples/code/<example>/
 * (readable, diffable) and copied into the workflow JSON by this script: `npx tsx
 * scripts/syncExampleCode.ts`. test/unit/exampleCode.test.ts fails when the two differ.
 */

const EXAMPLES_DIR = path.join(__dirname, '..', 'examples');

/** Which file fills which Code node, per example. */
export const EXAMPLE_CODE: Record<string, Record<string, string>> = {
	'brand-monitoring-daily-report': {
		'Collect Mentions': 'collect-mentions.js',
		'Keep 7-Run Trend': 'keep-trend.js',
		'Build Report': 'build-report.js',
	},
};

export const exampleFile = (example: string) => path.join(EXAMPLES_DIR, `${example}.json`);
export const codeFile = (example: string, file: string) =>
	path.join(EXAMPLES_DIR, 'code', example, file);

interface CodeNode {
	name: string;
	parameters: { jsCode?: string };
}

/** The example's workflow JSON with every mapped Code node holding its file's code. */
export function withCode(example: string): { workflow: { nodes: CodeNode[] }; missing: string[] } {
	const workflow = JSON.parse(fs.readFileSync(exampleFile(example), 'utf8')) as {
		nodes: CodeNode[];
	};
	const missing: string[] = [];
	for (const [nodeName, file] of Object.entries(EXAMPLE_CODE[example])) {
		const node = workflow.nodes.find((candidate) => candidate.name === nodeName);
		if (!node) missing.push(nodeName);
		else node.parameters.jsCode = fs.readFileSync(codeFile(example, file), 'utf8');
	}
	return { workflow, missing };
}

if (require.main === module) {
	for (const example of Object.keys(EXAMPLE_CODE)) {
		const { workflow, missing } = withCode(example);
		if (missing.length) throw new Error(`${example}.json has no node named ${missing.join(', ')}`);
		fs.writeFileSync(exampleFile(example), `${JSON.stringify(workflow, null, 2)}\n`);
		console.log(
			`examples/${example}.json: ${Object.keys(EXAMPLE_CODE[example]).length} Code nodes written`,
		);
	}
}
