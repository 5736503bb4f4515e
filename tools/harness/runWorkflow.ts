import { randomUUID } from 'node:crypto';
import { ExecutionLifecycleHooks, WorkflowExecute, WorkflowHasIssuesError } from 'n8n-core';
import type { IRun, IRunExecutionData, IWorkflowBase, WorkflowExecuteMode } from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';
import { buildAdditionalData } from './additionalData';
import { credentialTypeMap } from './credentialTypes';
import { ensureEngine } from './engineSetup';
import { collectLogs } from './harnessLogger';
import { HarnessNodeTypeRegistry } from './nodeTypeRegistry';
import { BUILT_IN_NODE_TYPES } from './startNode';
import { TestCredentialsHelper } from './testCredentialsHelper';
import type { HarnessLogRecord, RunWorkflowOptions, WorkflowRun } from './types';
import { loadWorkflow, pickStartNode } from './workflowDefinition';
import { createWorkflowRun } from './workflowRun';

const MODE: WorkflowExecuteMode = 'manual';
const DEFAULT_WORKFLOW_ID = 'harness-workflow';

/** Executes a workflow with n8n's own engine (n8n-core WorkflowExecute), in process. */
export async function runWorkflow(options: RunWorkflowOptions): Promise<WorkflowRun> {
	await ensureEngine();
	const definition = loadWorkflow(options.workflow);
	const workflowId = definition.id ?? DEFAULT_WORKFLOW_ID;
	const workflow = new Workflow({
		id: workflowId,
		name: definition.name ?? 'Harness workflow',
		nodes: definition.nodes,
		connections: definition.connections,
		settings: definition.settings,
		nodeTypes: new HarnessNodeTypeRegistry({ ...BUILT_IN_NODE_TYPES, ...options.nodeTypes }),
		active: false,
		staticData: options.staticData,
	});
	const startNode = workflow.getNode(pickStartNode(definition, options.startNode).name)!;

	// Unique per run: binary data is stored under workflows/<id>/executions/<executionId>/.
	const executionId = `harness-${randomUUID()}`;
	const workflowData: IWorkflowBase = {
		id: workflowId,
		name: workflow.name ?? '',
		active: false,
		activeVersionId: null,
		nodes: definition.nodes,
		connections: definition.connections,
		settings: definition.settings,
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
	};
	const hooks = new ExecutionLifecycleHooks(MODE, executionId, workflowData);
	const executedNodes: string[] = [];
	hooks.addHandler('nodeExecuteAfter', (nodeName) => {
		executedNodes.push(nodeName);
	});

	const additionalData = buildAdditionalData({
		hooks,
		credentialsHelper: new TestCredentialsHelper(
			options.credentials ?? {},
			credentialTypeMap(options.credentialTypes),
		),
		executionId,
		workflowId,
	});
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{
					node: startNode,
					data: { main: [structuredClone(options.inputItems ?? [{ json: {} }])] },
					source: null,
				},
			],
		},
	});

	const logs: HarnessLogRecord[] = [];
	const startedAt = new Date();
	const run = await collectLogs(logs, async () => {
		try {
			return await new WorkflowExecute(
				additionalData,
				MODE,
				runExecutionData,
			).processRunExecutionData(workflow);
		} catch (error) {
			if (!(error instanceof WorkflowHasIssuesError)) throw error;
			return issuesRun(error, runExecutionData, startedAt);
		}
	});
	return createWorkflowRun(run, executedNodes, logs);
}

/**
 * The engine refuses to start a workflow whose nodes have issues (a required parameter left
 * empty) by throwing; n8n records that as a failed execution, and so does the harness.
 */
function issuesRun(error: WorkflowHasIssuesError, data: IRunExecutionData, startedAt: Date): IRun {
	data.resultData.error = { ...error, message: error.message, stack: error.stack };
	return { data, mode: MODE, startedAt, stoppedAt: new Date(), storedAt: 'db', status: 'error' };
}
