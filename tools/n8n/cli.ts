/**
 * Runs a workflow file in a real n8n (installed once into .cache/) against a gateway, e.g.
 *   SOCIAL_GATEWAY_API_KEY=... npx tsx tools/n8n/cli.ts --workflow my.json --gateway http://127.0.0.1:8787
 * and prints the json of the last node's output items (every node's runs with --all).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { PACK_NODE_TYPE_PREFIX, type WorkflowJson } from './credentials';
import { packProject } from './installPack';
import { lastNodeName, nodeItems, summarizeAllNodes } from './n8nOutput';
import { redactor, runWorkflow } from './workflowRunner';

const USAGE = `Usage: tsx tools/n8n/cli.ts --workflow <file> [options]

  --workflow <file>    workflow JSON as exported by n8n (required)
  --gateway <url>      service address; creates the socialGatewayApi credential and points the pack's nodes at it
  --api-key <key>      API key (better: the SOCIAL_GATEWAY_API_KEY environment variable; never printed)
  --model-url <url>    address of the chat and messages interfaces (default: the gateway address)
  --pack <tarball>     install this pack tarball instead of packing this repository
  --build              run \`npm run build\` before packing this repository
  --install-style <s>  npm (default: npm install in ~/.n8n/nodes) or n8n-ui (as Settings > Community Nodes does)
  --out <file>         also write the printed JSON to this file
  --all                print every node's runs instead of the last node's items
  --keep               keep the temporary n8n user folder and print its path
  -h, --help           this text

The pack is installed (from --pack, or \`npm pack\` of this repository) only when the workflow has a
node of the pack. Exit code: 0 when the execution succeeded, 1 otherwise.`;

async function main(): Promise<number> {
	const { values } = parseArgs({
		options: {
			workflow: { type: 'string' },
			gateway: { type: 'string' },
			'api-key': { type: 'string' },
			'model-url': { type: 'string' },
			pack: { type: 'string' },
			build: { type: 'boolean', default: false },
			'install-style': { type: 'string', default: 'npm' },
			out: { type: 'string' },
			all: { type: 'boolean', default: false },
			keep: { type: 'boolean', default: false },
			help: { type: 'boolean', short: 'h', default: false },
		},
		strict: true,
	});
	if (values.help || !values.workflow) {
		process.stderr.write(`${USAGE}\n`);
		return values.help ? 0 : 2;
	}
	const installStyle = values['install-style'];
	if (installStyle !== 'npm' && installStyle !== 'n8n-ui') {
		process.stderr.write(`--install-style must be npm or n8n-ui\n`);
		return 2;
	}
	const apiKey = values['api-key'] ?? process.env.SOCIAL_GATEWAY_API_KEY;
	const redact = redactor([apiKey]);
	try {
		const workflowFile = path.resolve(values.workflow);
		const workflow = JSON.parse(fs.readFileSync(workflowFile, 'utf8')) as WorkflowJson;
		const needsPack = workflow.nodes.some((node) =>
			String(node.type ?? '').startsWith(PACK_NODE_TYPE_PREFIX),
		);
		const packTarball = values.pack
			? path.resolve(values.pack)
			: needsPack
				? await packProject({ build: values.build })
				: undefined;
		const result = await runWorkflow({
			workflowFile,
			gatewayUrl: values.gateway,
			apiKey,
			modelUrl: values['model-url'],
			packTarball,
			packInstallStyle: installStyle,
			keepUserFolder: values.keep,
		});
		const { output } = result;
		const last = lastNodeName(output);
		const printed = values.all
			? summarizeAllNodes(output)
			: last
				? nodeItems(output, last).map((item) => item.json)
				: [];
		const text = redact(JSON.stringify(printed, null, 2));
		process.stdout.write(`${text}\n`);
		if (values.out) fs.writeFileSync(values.out, `${text}\n`);
		if (!result.ok) {
			const failure = output.data.resultData.error;
			process.stderr.write(
				redact(`execution failed: ${failure?.message ?? result.errors.join('\n')}\n`),
			);
		}
		if (result.crashedAfterOutput) {
			process.stderr.write(
				'note: n8n crashed (SIGSEGV) while shutting down after the run completed (see tools/n8n/README.md)\n',
			);
		}
		if (values.keep) process.stderr.write(`user folder kept: ${result.userFolder}\n`);
		process.stderr.write(
			`timings: import ${result.timings.importSeconds.toFixed(1)}s, execute ${result.timings.executeSeconds.toFixed(1)}s` +
				(packTarball ? `, pack install ${result.timings.packInstallSeconds.toFixed(1)}s` : '') +
				'\n',
		);
		return result.ok ? 0 : 1;
	} catch (error) {
		process.stderr.write(`${redact(error instanceof Error ? error.message : String(error))}\n`);
		return 1;
	}
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		process.stderr.write(`${error.message}\n\n${USAGE}\n`);
		process.exit(2);
	},
);
