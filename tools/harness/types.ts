import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IRun,
	IVersionedNodeType,
	IWorkflowSettings,
} from 'n8n-workflow';

/** Node classes by the type name a workflow uses, e.g. `{ 'n8n-nodes-social-gateway.socialData': new SocialData() }`. */
export interface HarnessNodeTypes {
	[type: string]: INodeType | IVersionedNodeType;
}

export interface HarnessWorkflowDefinition {
	/** Default: `harness-workflow`. */
	id?: string;
	nodes: INode[];
	connections: IConnections;
	settings?: IWorkflowSettings;
}

export interface RunWorkflowOptions {
	/** The workflow itself, or the path of a workflow JSON file (absolute or relative to the working directory). */
	workflow: HarnessWorkflowDefinition | string;
	nodeTypes: HarnessNodeTypes;
	/** Decrypted credential data by credential type name, e.g. `{ socialGatewayApi: { apiKey, baseUrl } }`. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Items fed to the start node (default: one empty item, like n8n's manual trigger). */
	inputItems?: INodeExecutionData[];
	/** Default: the first node without an incoming main connection. */
	startNode?: string;
	/** Extra credential types (defaults, `authenticate`); this package's own are always known. */
	credentialTypes?: ICredentialType[];
	/**
	 * The workflow's static data as n8n loads it from its database before an execution. The run
	 * changes this object in place (n8n saves it after the run when `__dataChanged` is set), so
	 * passing the same object to the next run is what the next execution would load.
	 */
	staticData?: IDataObject;
}

export type HarnessLogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface HarnessLogRecord {
	level: HarnessLogLevel;
	message: string;
	/** Message plus inspected metadata: what a log line would show. */
	text: string;
}

export interface WorkflowRun {
	run: IRun;
	/** Items of one output of a node, all its runs concatenated; throws when the node never ran. */
	outputOf(nodeName: string, outputIndex?: number): INodeExecutionData[];
	/** The error of a node, or without a name the error that stopped the workflow. */
	errorOf(nodeName?: string): Error | undefined;
	/** Node names in the order they finished (a node that runs twice appears twice). */
	executedNodes: string[];
	/** Everything nodes (`this.logger`) and the engine logged during this run. */
	logs: HarnessLogRecord[];
}

export interface RunNodeOptions {
	node: INodeType | IVersionedNodeType;
	/** Default: `n8n-nodes-social-gateway.<description.name>`. */
	type?: string;
	parameters: INodeParameters;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	inputItems?: INodeExecutionData[];
	/** Sets `onError: 'continueRegularOutput'` on the node, n8n's "Continue (using regular output)". */
	continueOnFail?: boolean;
	/** Default: the node's default (highest) version. */
	typeVersion?: number;
	credentialTypes?: ICredentialType[];
	/** See RunWorkflowOptions.staticData. */
	staticData?: IDataObject;
	/** Id of the generated workflow (default: `harness-workflow`). */
	workflowId?: string;
	/** The workflow's time zone setting (what `getTimezone()` answers); default: n8n's default zone. */
	timezone?: string;
}

export interface NodeRun extends WorkflowRun {
	/** Output 0 of the node under test (empty when it failed). */
	items: INodeExecutionData[];
	/** Name the node under test got in the generated workflow. */
	nodeName: string;
}
