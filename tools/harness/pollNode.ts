import { randomUUID } from 'node:crypto';
import { ExecutionLifecycleHooks, PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IWorkflowBase,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { buildAdditionalData } from './additionalData';
import { credentialTypeMap } from './credentialTypes';
import { ensureEngine } from './engineSetup';
import { collectLogs } from './harnessLogger';
import { HarnessNodeTypeRegistry } from './nodeTypeRegistry';
import { TestCredentialsHelper } from './testCredentialsHelper';
import type { HarnessLogRecord } from './types';

export interface PollNodeOptions {
	node: INodeType;
	/** Default: `n8n-nodes-social-gateway.<description.name>`. */
	type?: string;
	parameters: INode['parameters'];
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** 'trigger' (default) is an active workflow's poll; 'manual' the editor's test execution. */
	mode?: Extract<WorkflowExecuteMode, 'trigger' | 'manual'>;
	/** The workflow's static data as n8n stored it after the previous poll (default: none yet). */
	staticData?: IDataObject;
	/**
	 * What `getPollBudgetMs()` answers (default: n8n-core's own, 5 minutes); `null` is an engine
	 * older than n8n 2.41, whose poll functions have no such method.
	 */
	pollBudgetMs?: number | null;
}

export interface NodePoll {
	/** What `poll()` returned: output 0's items, or null when it found nothing new. */
	items: INodeExecutionData[] | null;
	/** The workflow's static data after the poll, through JSON as n8n's database keeps it. */
	staticData: IDataObject;
	error?: Error;
	logs: HarnessLogRecord[];
}

const WORKFLOW_ID = 'harness-poll-workflow';

/**
 * One poll of a polling trigger with n8n-core's own PollContext, as n8n's scheduler runs it in an
 * active workflow: `getWorkflowStaticData('node')`, credentials, `httpRequestWithAuthentication`,
 * `getMode()` and the logger are n8n's. The static data goes in and comes out as JSON, so every
 * poll starts from what the database would hand back (a restart, another main instance).
 */
export async function pollNode(options: PollNodeOptions): Promise<NodePoll> {
	await ensureEngine();
	const type = options.type ?? `n8n-nodes-social-gateway.${options.node.description.name}`;
	const credentials = Object.fromEntries(
		(options.node.description.credentials ?? []).map(({ name }) => [
			name,
			{ id: `harness-${name}`, name: `Test ${name}` },
		]),
	);
	const node: INode = {
		id: 'harness-poll-node',
		name: String(options.node.description.defaults.name ?? options.node.description.displayName),
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials,
	};
	const workflow = new Workflow({
		id: WORKFLOW_ID,
		name: 'Harness poll workflow',
		nodes: [node],
		connections: {},
		nodeTypes: new HarnessNodeTypeRegistry({ [type]: options.node }),
		active: true,
		staticData: structuredClone(options.staticData ?? {}),
	});
	const workflowNode = workflow.getNode(node.name)!;
	const mode = options.mode ?? 'trigger';
	const executionId = `harness-${randomUUID()}`;
	const workflowData: IWorkflowBase = {
		id: WORKFLOW_ID,
		name: workflow.name ?? '',
		active: true,
		activeVersionId: null,
		nodes: [node],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
	};
	const additionalData = buildAdditionalData({
		hooks: new ExecutionLifecycleHooks(mode, executionId, workflowData),
		credentialsHelper: new TestCredentialsHelper(options.credentials ?? {}, credentialTypeMap()),
		executionId,
		workflowId: WORKFLOW_ID,
	});
	const context = new PollContext(
		workflow,
		workflowNode,
		additionalData,
		mode,
		'activate',
		undefined,
		undefined,
		undefined,
		undefined,
		undefined,
		typeof options.pollBudgetMs === 'number' ? () => options.pollBudgetMs as number : undefined,
	);
	if (options.pollBudgetMs === null) Reflect.deleteProperty(context, 'getPollBudgetMs');
	const logs: HarnessLogRecord[] = [];
	let items: INodeExecutionData[] | null = null;
	let error: Error | undefined;
	await collectLogs(logs, async () => {
		try {
			const output = await options.node.poll!.call(context);
			items = output === null ? null : output[0];
		} catch (thrown) {
			error = thrown as Error;
		}
	});
	const staticData = JSON.parse(JSON.stringify(workflow.staticData ?? {})) as IDataObject;
	return { items, staticData, error, logs };
}
