import type {
	INode,
	INodeCredentials,
	INodeType,
	INodeTypeDescription,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { runWorkflow } from './runWorkflow';
import { START_NODE_TYPE } from './startNode';
import type { NodeRun, RunNodeOptions } from './types';

const PACKAGE_NAME = 'n8n-nodes-social-gateway';
const START_NODE_NAME = 'Start';

function defaultVersionOf(node: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in node) return node.currentVersion;
	const { version, defaultVersion } = node.description;
	return defaultVersion ?? (Array.isArray(version) ? Math.max(...version) : version);
}

/**
 * Runs one node the way n8n would: a start node emitting `inputItems`, connected to the node
 * under test, so several input items and pairedItem go through the real engine.
 */
export async function runNode(options: RunNodeOptions): Promise<NodeRun> {
	const typeVersion = options.typeVersion ?? defaultVersionOf(options.node);
	const description: INodeTypeDescription = NodeHelpers.getVersionedNodeType(
		options.node,
		typeVersion,
	).description;
	const type = options.type ?? `${PACKAGE_NAME}.${description.name}`;
	const defaultName = String(description.defaults.name ?? description.displayName);
	const nodeName = defaultName === START_NODE_NAME ? `${defaultName} 1` : defaultName;

	// Reference the credentials a user would have picked in the editor: the required ones and any
	// the test supplied. A required one the test forgot then fails naming the missing type.
	const credentials: INodeCredentials = {};
	for (const { name, required } of description.credentials ?? []) {
		if (required || options.credentials?.[name])
			credentials[name] = { id: `harness-${name}`, name: `Test ${name}` };
	}

	const nodeUnderTest: INode = {
		id: 'harness-node-under-test',
		name: nodeName,
		type,
		typeVersion,
		position: [220, 0],
		parameters: options.parameters,
		credentials,
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const result = await runWorkflow({
		workflow: {
			id: options.workflowId,
			nodes: [
				{
					id: 'harness-start',
					name: START_NODE_NAME,
					type: START_NODE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				nodeUnderTest,
			],
			connections: { [START_NODE_NAME]: { main: [[{ node: nodeName, type: 'main', index: 0 }]] } },
			...(options.timezone ? { settings: { timezone: options.timezone } } : {}),
		},
		nodeTypes: { [type]: options.node },
		credentials: options.credentials,
		credentialTypes: options.credentialTypes,
		inputItems: options.inputItems,
		staticData: options.staticData,
	});
	const items = result.run.data.resultData.runData[nodeName] ? result.outputOf(nodeName) : [];
	return { ...result, items, nodeName };
}
