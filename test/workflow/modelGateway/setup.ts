import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { ModelGateway } from '../../../nodes/ModelGateway/ModelGateway.node';
import { runNode, simulatorCredentials } from '../../../tools/harness';
import type { RecordedRequest, Simulator } from '../../../simulator';
import { SIMULATOR_API_KEY } from '../../../simulator';
import type { InterfaceNames } from '../../../nodes/shared/transport/wireNames';

export { useSimulator } from '../../support/useSimulator';

export const MODEL_GATEWAY_TYPE = 'n8n-nodes-social-gateway.modelGateway';

export const credentialsFor = (
	sim: Simulator,
	modelSim: Simulator = sim,
	apiKey = SIMULATOR_API_KEY,
	interfaceNames?: InterfaceNames,
) =>
	simulatorCredentials(sim.url, {
		apiKey,
		modelBaseUrl: modelSim === sim ? '' : modelSim.url,
		...(interfaceNames === undefined ? {} : { interfaceNames }),
	});

/** A model given by id, as a workflow stores the resource locator. */
export const model = (id: string) => ({ __rl: true, mode: 'id', value: id });

export interface ModelGatewayRun {
	items: INodeExecutionData[];
	error?: Error;
}

/** Runs the Model Gateway node once inside n8n's engine against the simulator. */
export async function runModelGateway(
	sim: Simulator,
	parameters: INodeParameters,
	options: {
		inputItems?: INodeExecutionData[];
		continueOnFail?: boolean;
		modelSim?: Simulator;
		apiKey?: string;
		/** The credential's Interface Names (absent: the default, the upstream's own). */
		interfaceNames?: InterfaceNames;
	} = {},
): Promise<ModelGatewayRun> {
	const result = await runNode({
		node: new ModelGateway(),
		type: MODEL_GATEWAY_TYPE,
		parameters,
		credentials: credentialsFor(sim, options.modelSim, options.apiKey, options.interfaceNames),
		inputItems: options.inputItems,
		continueOnFail: options.continueOnFail,
	});
	return { items: result.items, error: result.errorOf() };
}

/** The bytes of a binary output, from n8n's binary data store (the harness runs in filesystem mode). */
export async function bytesOf(binary: IBinaryData | undefined): Promise<Buffer> {
	if (!binary) throw new Error('no binary data in the item');
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

export function binaryItem(
	json: Record<string, unknown>,
	files: Record<string, { bytes: Buffer; mimeType: string; fileName: string }>,
): INodeExecutionData {
	const binary: Record<string, IBinaryData> = {};
	for (const [name, file] of Object.entries(files)) {
		binary[name] = {
			data: file.bytes.toString('base64'),
			mimeType: file.mimeType,
			fileName: file.fileName,
			fileSize: `${file.bytes.length} B`,
		};
	}
	return { json: json as INodeExecutionData['json'], binary };
}

/** The body the simulator received, as plain JSON. */
export const bodyOf = (request: RecordedRequest) => JSON.parse(request.bodyText);

/** Which of the three schemes carried the key on a recorded request (the messages header in upstream names). */
export function schemeOf(request: RecordedRequest): string[] {
	const schemes: string[] = [];
	if (request.query.key === SIMULATOR_API_KEY) schemes.push('queryKey');
	if (request.headers.authorization === `Bearer ${SIMULATOR_API_KEY}`) schemes.push('bearer');
	if (
		request.headers['x-api-key'] === SIMULATOR_API_KEY &&
		request.headers['anthropic-version'] === '2023-06-01'
	)
		schemes.push('messages');
	return schemes;
}
