import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ImportableCredential, WorkflowJson } from '../../tools/n8n/credentials';
import { REPO_ROOT } from '../../tools/n8n/n8nInstallLayout';

/** examples/social-data-mcp-server.json, and what a test needs to reach it as an MCP client. */

export const MCP_EXAMPLE = 'social-data-mcp-server.json';
/** n8n serves a published MCP Server Trigger under /mcp/<path> (N8N_ENDPOINT_MCP). */
export const mcpUrl = (editorUrl: string, mcpPath: string) => `${editorUrl}/mcp/${mcpPath}`;

interface TriggerParameters {
	path: string;
	[name: string]: unknown;
}

export function loadMcpExample(): WorkflowJson {
	return JSON.parse(
		fs.readFileSync(path.join(REPO_ROOT, 'examples', MCP_EXAMPLE), 'utf8'),
	) as WorkflowJson;
}

/** The path the example's MCP Server Trigger listens on. */
export function mcpPathOf(workflow: WorkflowJson): string {
	const trigger = workflow.nodes.find(
		(node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger',
	);
	return (trigger?.parameters as TriggerParameters).path;
}

/** The bearer-token credential the example's trigger names, with a token of the test's choosing. */
export function mcpBearerCredential(workflow: WorkflowJson, token: string): ImportableCredential {
	const trigger = workflow.nodes.find((node) => node.credentials?.httpBearerAuth);
	const reference = trigger!.credentials!.httpBearerAuth;
	return {
		id: String(reference.id),
		name: reference.name,
		type: 'httpBearerAuth',
		data: { token },
	};
}

/**
 * The example with a Credit Ceiling per Hour of `ceiling` on Search Notes, as a workflow of its own
 * (own id, path and webhook id) so both can be published in one n8n.
 */
export function withHourlyCeiling(workflow: WorkflowJson, ceiling: number): WorkflowJson {
	const nodes = workflow.nodes.map((node) => {
		const parameters = node.parameters as Record<string, unknown> & { options?: object };
		if (node.type === '@n8n/n8n-nodes-langchain.mcpTrigger')
			return {
				...node,
				webhookId: '5f3c2a1e-9b8d-4c7e-a6f5-0e1d2c3b4a59',
				parameters: { ...parameters, path: `${mcpPathOf(workflow)}-ceiling` },
			};
		if (node.name === 'Search Notes')
			return {
				...node,
				parameters: {
					...parameters,
					options: { ...parameters.options, creditCeilingPerHour: ceiling },
				},
			};
		return node;
	});
	return { ...workflow, id: 'e2eMcpHourlyCeiling', name: `${workflow.name} (ceiling)`, nodes };
}

/** An MCP client of the official TypeScript SDK, connected over Streamable HTTP. */
export async function connectOnce(url: string, token: string): Promise<Client> {
	const client = new Client({ name: 'social-gateway-e2e', version: '1.0.0' });
	const transport = new StreamableHTTPClientTransport(new URL(url), {
		requestInit: { headers: { authorization: `Bearer ${token}` } },
	});
	try {
		await client.connect(transport);
		return client;
	} catch (error) {
		await client.close().catch(() => undefined);
		throw error;
	}
}

/** n8n answers readiness before it has registered the published workflows' webhooks: 404 until then. */
export async function connectMcpClient(url: string, token: string): Promise<Client> {
	const started = Date.now();
	for (;;) {
		try {
			return await connectOnce(url, token);
		} catch (error) {
			if (Date.now() - started > 120_000) throw error;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
}

/** The text of a tool result (n8n answers with one text part). */
export function resultText(result: Record<string, unknown>): string {
	const parts = (result.content ?? []) as Array<{ type: string; text?: string }>;
	return parts
		.filter((part) => part.type === 'text')
		.map((part) => part.text ?? '')
		.join('\n');
}

/** A Return All notes search that a Credit Budget of two calls stops, run with `n8n execute`. */
export const BUDGET_WALK = 'Search Notes (budget 0.2)';

export function budgetStoppedWalk(): WorkflowJson {
	return {
		id: 'e2eBudgetStoppedWalk',
		name: 'Return All stopped by the Credit Budget',
		nodes: [
			{
				id: '0b6f2f4e-2f8a-4a51-9d0e-7c3b1a2e5d10',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: '6a1d9c3e-8b7f-4e2d-a5c4-3f2e1d0c9b81',
				name: BUDGET_WALK,
				type: 'n8n-nodes-social-gateway.socialData',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'notes',
					operation: 'search_notes',
					keyword: 'acme',
					returnAll: true,
					options: { creditBudget: 0.2 },
				},
			},
		],
		connections: { Start: { main: [[{ node: BUDGET_WALK, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}
