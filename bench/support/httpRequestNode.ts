import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { ICredentialType, INodeExecutionData, IVersionedNodeType } from 'n8n-workflow';
import { ensureN8n } from '../../tools/n8n/ensureN8n';
import { defaultCacheDir, MARKER_FILE } from '../../tools/n8n/n8nInstallLayout';
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
 * Without the cache: installed when BENCH_INSTALL_N8N=1 (about 5 minutes), otherwise a reason to skip.
 */
export async function loadHttpRequestNode(): Promise<HttpRequestNode | { skipped: string }> {
	const cacheDir = defaultCacheDir();
	if (!fs.existsSync(path.join(cacheDir, MARKER_FILE))) {
		if (process.env.BENCH_INSTALL_N8N !== '1') {
			return {
				skipped: `no n8n install in ${cacheDir} (run the e2e runner once, or BENCH_INSTALL_N8N=1 npm run bench to install it, ~5 min)`,
			};
		}
		await ensureN8n();
	}
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
 * What a user would build instead of the pack: POST /api/v1/run with the same JSON body (the id
 * mapped by an expression) and a Bearer Auth credential; every other option left at its default.
 */
export async function runHttpRequestNode(
	loaded: HttpRequestNode,
	baseUrl: string,
	endpoint: string,
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
						jsonBody: `={"provider":"${PROVIDER}","endpoint":"${endpoint}","input":{"object_id":"{{ $json.objectId }}"}}`,
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
