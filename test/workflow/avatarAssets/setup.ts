import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { AvatarAssets } from '../../../nodes/AvatarAssets/AvatarAssets.node';
import { runNode, simulatorCredentials } from '../../../tools/harness';
import type { RecordedRequest, Simulator, SimulatorOptions } from '../../../simulator';
import { avatarSim, SIM_AVATAR_ROUTING } from '../../../simulator/routes/avatar';
import { useSimulator } from '../../support/useSimulator';

export const AVATAR_ASSETS_TYPE = 'n8n-nodes-social-gateway.avatarAssets';

export const credentialsFor = (sim: Simulator, extra: IDataObject = {}) =>
	simulatorCredentials(sim.url, extra);

/** A group or asset given by id, as a workflow stores the resource locator. */
export const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

/** The node options every avatar call needs against the simulator, plus the test's own. */
export const routed = (options: INodeParameters = {}): INodeParameters => ({
	routingParameterValue: SIM_AVATAR_ROUTING.value,
	...options,
});

export interface AvatarRun {
	items: INodeExecutionData[];
	json: IDataObject[];
	error?: Error;
}

/** Runs the Avatar Assets node once inside n8n's engine against the simulator; `options` gets the routing value. */
export async function runAvatar(
	sim: Simulator,
	parameters: INodeParameters,
	run: {
		inputItems?: INodeExecutionData[];
		continueOnFail?: boolean;
		withoutRouting?: boolean;
		/** Further credential fields (the routing value, Interface Names, …). */
		credentialFields?: IDataObject;
	} = {},
): Promise<AvatarRun> {
	const given = (parameters.options ?? {}) as INodeParameters;
	const result = await runNode({
		node: new AvatarAssets(),
		type: AVATAR_ASSETS_TYPE,
		parameters: { ...parameters, options: run.withoutRouting ? given : routed(given) },
		credentials: credentialsFor(sim, run.credentialFields),
		inputItems: run.inputItems,
		continueOnFail: run.continueOnFail,
	});
	return {
		items: result.items,
		json: result.items.map((item) => item.json),
		error: result.errorOf(),
	};
}

/** The file's own simulator, with its request log and avatar records cleared before every test. */
export function useAvatarSimulator(
	assign: (sim: Simulator) => void,
	options: SimulatorOptions = {},
): void {
	useSimulator(assign, {
		...options,
		reset: (sim) => {
			sim.reset();
			avatarSim(sim).clear();
		},
	});
}

export const bodyOf = (request: RecordedRequest) =>
	JSON.parse(request.bodyText) as Record<string, unknown>;

export const callsTo = (sim: Simulator, method: string, path: string | RegExp) =>
	sim.requests.filter(
		(request) =>
			request.method === method &&
			(typeof path === 'string' ? request.path === path : path.test(request.path)),
	);

export async function createGroup(sim: Simulator, Name: string): Promise<string> {
	const { json, error } = await runAvatar(sim, { resource: 'group', operation: 'create', Name });
	if (error) throw error;
	return json[0].Id as string;
}

export async function uploadAsset(
	sim: Simulator,
	groupId: string,
	extra: INodeParameters = {},
): Promise<string> {
	const { json, error } = await runAvatar(sim, {
		resource: 'asset',
		operation: 'upload',
		GroupId: byId(groupId),
		URL: 'https://cdn.example.com/portrait.jpg',
		AssetType: 'Image',
		waitForProcessing: false,
		...extra,
	});
	if (error) throw error;
	return json[0].Id as string;
}
