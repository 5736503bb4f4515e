import * as crypto from 'node:crypto';
import type { WorkflowJson } from '../../tools/n8n/credentials';
import { brandWorkflow, CHAT_NODES, REPORT_NODE } from '../../tools/brandMonitoring/workflow';

/**
 * The flagship workflow with a production trigger, for queue mode: `n8n execute` cannot enqueue
 * (it always runs in its own process), whereas an active workflow's webhook call is enqueued by
 * the main instance and run by a worker. The schedule and manual triggers and the (disabled)
 * e-mail and team-chat steps are removed, so a Webhook node (POST, "When Last Node Finishes") answers with the
 * report the Build Report node produced.
 */

export const BRAND_WEBHOOK_WORKFLOW_ID = 'brandMonitoringHook';
export const BRAND_WEBHOOK_NODE = 'Report Request';
const REMOVED_NODES = new Set(['Every Morning', 'Run Now', 'Send Report', ...CHAT_NODES]);
const FIRST_NODE = 'Brand';

type Connections = Record<
	string,
	{ main: Array<Array<{ node: string; type: string; index: number }>> }
>;

export function brandWebhookWorkflow(brand: string, webhookPath: string): WorkflowJson {
	const base = brandWorkflow(brand);
	const connections = base.connections as Connections;
	const kept: Connections = {};
	for (const [from, outputs] of Object.entries(connections)) {
		if (REMOVED_NODES.has(from)) continue;
		kept[from] = {
			main: outputs.main.map((targets) =>
				targets.filter((target) => !REMOVED_NODES.has(target.node)),
			),
		};
	}
	kept[BRAND_WEBHOOK_NODE] = { main: [[{ node: FIRST_NODE, type: 'main', index: 0 }]] };
	const webhookNode = {
		id: crypto.randomUUID(),
		name: BRAND_WEBHOOK_NODE,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 100],
		webhookId: crypto.randomUUID(),
		parameters: {
			httpMethod: 'POST',
			path: webhookPath,
			responseMode: 'lastNode',
			responseData: 'firstEntryJson',
			options: {},
		},
	};
	const nodes = base.nodes.filter((node) => !REMOVED_NODES.has(String(node.name)));
	if (!nodes.some((node) => node.name === REPORT_NODE))
		throw new Error(`the brand workflow has no "${REPORT_NODE}" node`);
	return {
		...base,
		id: BRAND_WEBHOOK_WORKFLOW_ID,
		name: `${String(base.name)} (webhook)`,
		nodes: [webhookNode, ...nodes],
		connections: kept,
	};
}
