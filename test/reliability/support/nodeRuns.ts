import type { INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';
import { AvatarAssets } from '../../../nodes/AvatarAssets/AvatarAssets.node';
import { ModelGateway } from '../../../nodes/ModelGateway/ModelGateway.node';
import { SocialData } from '../../../nodes/SocialData/SocialData.node';
import type { NodeRun } from '../../../tools/harness';
import { runNode, simulatorCredentials } from '../../../tools/harness';
import type { Simulator } from '../../../simulator';

export const NODES = {
	socialData: () => new SocialData(),
	modelGateway: () => new ModelGateway(),
	avatarAssets: () => new AvatarAssets(),
} satisfies Record<string, () => INodeType>;

export type NodeName = keyof typeof NODES;

export interface ReliabilityRunOptions {
	inputItems?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** The key the credential carries (default: the one the simulator accepts). */
	apiKey?: string;
}

/** Runs one of the pack's nodes inside n8n's engine against a simulator; the whole run comes back (logs included). */
export function runPackNode(
	sim: Simulator,
	node: NodeName,
	parameters: INodeParameters,
	options: ReliabilityRunOptions = {},
): Promise<NodeRun> {
	const instance = NODES[node]();
	return runNode({
		node: instance,
		type: `n8n-nodes-social-gateway.${instance.description.name}`,
		parameters,
		credentials: simulatorCredentials(
			sim.url,
			options.apiKey === undefined ? {} : { apiKey: options.apiKey },
		),
		inputItems: options.inputItems,
		continueOnFail: options.continueOnFail,
	});
}

/** The item a workflow's pairedItem points at (a single pairing). */
export function pairedIndex(item: INodeExecutionData): number {
	const paired = item.pairedItem;
	if (typeof paired === 'number') return paired;
	if (Array.isArray(paired) || paired === undefined)
		throw new Error(`expected one pairedItem, got ${JSON.stringify(paired)}`);
	return paired.item;
}
