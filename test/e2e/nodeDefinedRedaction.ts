import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import type { N8nInstall } from '../../tools/n8n/n8nInstallLayout';
import type { RunOutput } from '../../tools/n8n/n8nOutput';
import { runCommand } from '../../tools/n8n/runCommand';

const STRATEGY =
	'n8n/dist/modules/redaction/executions/strategies/node-defined-field-redaction.strategy.js';

// Runs in n8n's own Node with n8n's module resolution: the strategy class of the installed n8n, the
// node classes of the pack as n8n loads them from the user folder's nodes directory.
const SCRIPT = `
require('reflect-metadata');
const fs = require('node:fs');
const path = require('node:path');
const [runFile, packDir] = process.argv.slice(1);
const { NodeDefinedFieldRedactionStrategy } = require(${JSON.stringify(STRATEGY)});
const pack = JSON.parse(fs.readFileSync(path.join(packDir, 'package.json'), 'utf8'));
const classes = {};
for (const file of pack.n8n.nodes) {
	for (const NodeClass of Object.values(require(path.join(packDir, file)))) {
		if (typeof NodeClass !== 'function') continue;
		const description = new NodeClass().description;
		classes[pack.name + '.' + description.name] = description;
	}
}
const nodeTypes = {
	getByNameAndVersion: (type) => ({ description: classes[type] ?? {} }),
};
const execution = JSON.parse(fs.readFileSync(runFile, 'utf8'));
const strategy = new NodeDefinedFieldRedactionStrategy({ warn: () => {} }, nodeTypes);
strategy.apply(execution, { memo: new Map() }).then(() => {
	process.stdout.write(JSON.stringify(execution.data.resultData.runData));
});
`;

/**
 * The run data of an execution after n8n 2.41.1's own node-defined field redaction: its
 * NodeDefinedFieldRedactionStrategy, reading each node's `sensitiveOutputFields` from the node
 * classes installed in the user folder, applied as n8n's redaction module applies its strategies.
 */
export async function withNodeDefinedRedaction(
	n8n: N8nInstall,
	userFolder: string,
	workflow: WorkflowJson,
	output: RunOutput,
): Promise<RunOutput['data']['resultData']['runData']> {
	const runFile = path.join(userFolder, 'execution.json');
	fs.writeFileSync(
		runFile,
		JSON.stringify({ workflowData: { nodes: workflow.nodes }, data: output.data }),
	);
	const packDir = path.join(
		userFolder,
		'.n8n',
		'nodes',
		'node_modules',
		'n8n-nodes-social-gateway',
	);
	const result = await runCommand(n8n.nodeBin, ['-e', SCRIPT, runFile, packDir], {
		cwd: n8n.cacheDir,
		// The pack is installed without its peer dependency: n8n-workflow comes from n8n, as when n8n loads it.
		env: { ...process.env, NODE_PATH: path.join(n8n.cacheDir, 'node_modules') },
		timeoutMs: 60_000,
	});
	if (result.code !== 0) throw new Error(`n8n's redaction strategy failed: ${result.stderr}`);
	return JSON.parse(result.stdout) as RunOutput['data']['resultData']['runData'];
}
