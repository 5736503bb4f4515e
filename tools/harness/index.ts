export { runWorkflow } from './runWorkflow';
export { runNode } from './runNode';
export { pollNode, type NodePoll, type PollNodeOptions } from './pollNode';
export { START_NODE_TYPE } from './startNode';
export { disposeEngine } from './engineSetup';
export { binaryBuffer } from './binaryData';
export { simulatorCredentials } from './simulatorCredentials';
export type {
	HarnessLogRecord,
	HarnessNodeTypes,
	HarnessWorkflowDefinition,
	NodeRun,
	RunNodeOptions,
	RunWorkflowOptions,
	WorkflowRun,
} from './types';
