import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WorkflowJson } from '../n8n/credentials';
import { REPO_ROOT } from '../n8n/n8nInstallLayout';

/**
 * The brand-monitoring pair as shipped (the hourly collector and the daily report) and how the
 * demo and the end-to-end tests run them: in a started n8n, each behind a webhook that stands in
 * for its schedule, so a test can replay the schedule's ticks at the simulator's virtual times.
 * (Data Tables need `n8n start`: `n8n execute` does not load n8n's data-table module.)
 */

export const COLLECT_FILE = path.join(
	REPO_ROOT,
	'examples',
	'brand-monitoring-hourly-collect.json',
);
export const DAILY_FILE = path.join(REPO_ROOT, 'examples', 'brand-monitoring-daily-report.json');
/** The brands, recipients and chat bots of both flows, and their delivery: the workflow both call. */
export const SETTINGS_FILE = path.join(
	REPO_ROOT,
	'examples',
	'brand-monitoring-settings-and-delivery.json',
);

export const COLLECT_SCHEDULE = 'Every Hour';
export const DAILY_SCHEDULE = 'Every Morning';
const MANUAL_TRIGGER = 'Run Now';

export const loadFlow = (file: string): WorkflowJson =>
	JSON.parse(fs.readFileSync(file, 'utf8')) as WorkflowJson;

type Node = WorkflowJson['nodes'][number];

function nodeNamed(flow: WorkflowJson, name: string): Node {
	const node = flow.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`${String(flow.name)} has no node "${name}"`);
	return node;
}

/**
 * The flow with its schedule and manual trigger replaced by a POST webhook under the schedule's
 * name; the `timestamp` of the posted body stands for the schedule's tick (the flows read it in
 * Settings). The webhook answers when the last node finishes. Workflow ids stay within n8n's 21
 * characters: a longer id is taken as invalid and n8n then never saves the workflow's static data.
 */
export function onWebhook(
	flow: WorkflowJson,
	schedule: string,
	webhookPath: string,
	id: string,
): WorkflowJson {
	if (id.length > 21) throw new Error(`workflow id "${id}" is longer than n8n's 21 characters`);
	const trigger = nodeNamed(flow, schedule);
	const nodes = flow.nodes
		.filter((node) => node.name !== MANUAL_TRIGGER)
		.map((node) =>
			node.name === schedule
				? {
						id: trigger.id,
						name: schedule,
						type: 'n8n-nodes-base.webhook',
						typeVersion: 2.1,
						position: trigger.position,
						webhookId: crypto.randomUUID(),
						parameters: {
							httpMethod: 'POST',
							path: webhookPath,
							responseMode: 'lastNode',
							responseData: 'noData',
							options: {},
						},
					}
				: node,
		);
	const connections = { ...flow.connections };
	delete connections[MANUAL_TRIGGER];
	return { ...flow, id, name: `${String(flow.name)} (webhook)`, nodes, connections };
}

/** The settings workflow with some of its Settings node's values replaced (brands, bots, recipients). */
export function withSettings(flow: WorkflowJson, values: Record<string, string>): WorkflowJson {
	return withNode(flow, 'Settings', (parameters) => {
		const { assignments } = parameters.assignments as {
			assignments: Array<{ name: string; value: unknown }>;
		};
		for (const name of Object.keys(values))
			if (!assignments.some((assignment) => assignment.name === name))
				throw new Error(`Settings of ${String(flow.name)} has no value "${name}"`);
		return {
			...parameters,
			assignments: {
				assignments: assignments.map((assignment) =>
					assignment.name in values
						? { ...assignment, value: values[assignment.name] }
						: assignment,
				),
			},
		};
	});
}

/** The flow with parameters of one node replaced (e.g. a shorter spike window for a test's cadence). */
export function withParameters(
	flow: WorkflowJson,
	name: string,
	values: Record<string, unknown>,
): WorkflowJson {
	return withNode(flow, name, (parameters) => ({ ...parameters, ...values }));
}

function withNode(
	flow: WorkflowJson,
	name: string,
	change: (parameters: Record<string, unknown>) => Record<string, unknown>,
): WorkflowJson {
	nodeNamed(flow, name);
	return {
		...flow,
		nodes: flow.nodes.map((node) =>
			node.name === name
				? { ...node, parameters: change((node.parameters ?? {}) as Record<string, unknown>) }
				: node,
		),
	};
}

/** A small workflow that answers a POST `{table}` with every row of that Data Table, for checks. */
export function tableReader(id: string, webhookPath: string): WorkflowJson {
	return {
		id,
		name: 'Read a Data Table (test)',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Which Table',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: crypto.randomUUID(),
				parameters: {
					httpMethod: 'POST',
					path: webhookPath,
					responseMode: 'lastNode',
					responseData: 'allEntries',
					options: {},
				},
			},
			{
				id: crypto.randomUUID(),
				name: 'Rows',
				type: 'n8n-nodes-base.dataTable',
				typeVersion: 1.1,
				position: [220, 0],
				alwaysOutputData: true,
				parameters: {
					resource: 'row',
					operation: 'get',
					dataTableId: { __rl: true, mode: 'name', value: '={{ $json.body.table }}' },
					returnAll: true,
				},
			},
		],
		connections: { 'Which Table': { main: [[{ node: 'Rows', type: 'main', index: 0 }]] } },
	};
}
