import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { IConnections, INode, IWorkflowSettings } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import type { HarnessWorkflowDefinition } from './types';

export interface LoadedWorkflow {
	id?: string;
	name?: string;
	nodes: INode[];
	connections: IConnections;
	settings: IWorkflowSettings;
}

/**
 * A private copy of the workflow: n8n's Workflow writes parameter defaults into the nodes it is
 * given, which would otherwise leak into the caller's fixture between tests.
 */
export function loadWorkflow(source: HarnessWorkflowDefinition | string): LoadedWorkflow {
	const raw = (
		typeof source === 'string'
			? JSON.parse(readFileSync(resolve(source), 'utf8'))
			: structuredClone(source)
	) as HarnessWorkflowDefinition & {
		id?: string;
		name?: string;
	};
	if (!Array.isArray(raw.nodes)) throw new Error('Workflow has no "nodes" array');
	return {
		id: raw.id,
		name: raw.name,
		// Hand-written workflows may leave out what the n8n editor always writes.
		nodes: raw.nodes.map((node, index) => ({
			...node,
			id: node.id ?? `harness-node-${index}`,
			position: node.position ?? [index * 220, 0],
		})),
		connections: raw.connections ?? {},
		// New workflows in the n8n editor use the v1 execution order.
		settings: { executionOrder: 'v1', ...raw.settings },
	};
}

/** The named node, or the first enabled node no main connection leads into and that isn't a sub-node. */
export function pickStartNode(workflow: LoadedWorkflow, startNode?: string): INode {
	if (startNode !== undefined) {
		const node = workflow.nodes.find((candidate) => candidate.name === startNode);
		if (!node) throw new Error(`Start node "${startNode}" is not in the workflow`);
		return node;
	}
	const hasIncomingMain = new Set<string>();
	const isSubNode = new Set<string>();
	for (const [source, byType] of Object.entries(workflow.connections)) {
		for (const [connectionType, outputs] of Object.entries(byType)) {
			if (connectionType !== NodeConnectionTypes.Main) isSubNode.add(source);
			for (const connection of (outputs ?? []).flat()) {
				if (connection && connectionType === NodeConnectionTypes.Main)
					hasIncomingMain.add(connection.node);
			}
		}
	}
	const node = workflow.nodes.find(
		(candidate) =>
			!candidate.disabled && !hasIncomingMain.has(candidate.name) && !isSubNode.has(candidate.name),
	);
	if (!node)
		throw new Error(
			'Workflow has no start node (every node has an incoming connection); pass startNode',
		);
	return node;
}
