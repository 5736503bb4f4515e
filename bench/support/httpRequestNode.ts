import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { ICredentialType, INodeExecutionData, IVersionedNodeType } from 'n8n-workflow';
import { ensureN8n } from '../../tools/n8n/ensureN8n';
import { runWorkflow } from '../../tools/harness';
import { PROVIDER, SIMULATOR_API_KEY } from '../../simulator';

export const HTTP_REQUEST_TYPE = 'n8n-nodes-base.httpRequest';
const NODE_NAME = 'HTTP Request';

export interface HttpRequestNode {
	node: IVersionedNodeType;
	bearerAuth: ICredentialType;
	/** The version a user gets when adding the node (4.x). */
	typeVersion: number;
	packageDir: string;
}

/**
 * n8n's own HTTP Request node and Bearer Auth credential from n8n-nodes-base in the e2e runner's
 * cache, loaded into this (Node 20) process so they run in the same harness engine as the pack.
 * The cache is installed first when missing, as the e2e runner does (several minutes, once).
 */
export async function loadHttpRequestNode(): Promise<HttpRequestNode> {
	const { cacheDir } = await ensureN8n();
	const packageDir = path.join(cacheDir, 'node_modules', 'n8n-nodes-base');
	// Resolved from the cache, so the node's own dependencies come from the n8n install it ships with.
	const requireFromCache = createRequire(path.join(packageDir, 'package.json'));
	const { HttpRequest } = requireFromCache('./dist/nodes/HttpRequest/HttpRequest.node.js') as {
		HttpRequest: new () => IVersionedNodeType;
	};
	const { HttpBearerAuth } = requireFromCache(
		'./dist/credentials/HttpBearerAuth.credentials.js',
	) as { HttpBearerAuth: new () => ICredentialType };
	const node = new HttpRequest();
	return {
		node,
		bearerAuth: new HttpBearerAuth(),
		typeVersion: node.description.defaultVersion ?? node.currentVersion,
		packageDir,
	};
}

/**
 * What a user would build instead of the pack: POST /api/v1/run with the same JSON body and a
 * Bearer Auth credential; every other option left at its default. `input` is the run input, whose
 * strings may hold n8n expressions (`{{ $json.objectId }}`).
 */
export async function runHttpRequestNode(
	loaded: HttpRequestNode,
	baseUrl: string,
	endpoint: string,
	input: Record<string, unknown>,
	inputItems: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const result = await runWorkflow({
		workflow: {
			nodes: [
				{
					id: 'bench-start',
					name: 'Start',
					type: 'test.start',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'bench-http-request',
					name: NODE_NAME,
					type: HTTP_REQUEST_TYPE,
					typeVersion: loaded.typeVersion,
					position: [220, 0],
					parameters: {
						method: 'POST',
						url: `${baseUrl}/api/v1/run`,
						authentication: 'genericCredentialType',
						genericAuthType: 'httpBearerAuth',
						sendBody: true,
						contentType: 'json',
						specifyBody: 'json',
						jsonBody: `=${JSON.stringify({ provider: PROVIDER, endpoint, input })}`,
						options: {},
					},
					credentials: { httpBearerAuth: { id: 'bench-bearer', name: 'Gateway bearer' } },
				},
			],
			connections: { Start: { main: [[{ node: NODE_NAME, type: 'main', index: 0 }]] } },
		},
		nodeTypes: { [HTTP_REQUEST_TYPE]: loaded.node },
		credentials: { httpBearerAuth: { token: SIMULATOR_API_KEY } },
		credentialTypes: [loaded.bearerAuth],
		inputItems,
	});
	const error = result.errorOf();
	if (error) throw new Error(`the HTTP Request node failed: ${error.message}`);
	return result.outputOf(NODE_NAME);
}
