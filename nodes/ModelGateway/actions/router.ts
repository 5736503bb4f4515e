import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { NodeOperation, OperationTable } from '../../shared/execution/operation';
import { chosenOperation } from '../../shared/execution/operation';
import { runOperation } from '../../shared/execution/operationRunner';
import { getGatewayCredentials } from '../../shared/gatewayCredentials';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import * as chat from './chat';
import { DEFAULT_MAX_ANSWER_SIZE_MB } from './descriptions';
import * as embedding from './embedding';
import * as image from './image';
import * as message from './message';
import * as model from './model';
import * as native from './native';
import * as speech from './speech';
import * as text from './text';

const OPERATIONS: OperationTable<NodeOperation> = {
	text: { generate: text.generate, stream: text.stream },
	image: { generate: image.generate, edit: image.edit, predict: image.predict },
	speech: { generate: speech.generate },
	embedding: { embed: embedding.embed },
	chat: { complete: chat.complete, classify: chat.classify },
	message: { create: message.create },
	model: { list: model.list, get: model.get, listNative: model.listNative },
	native: { call: native.call },
};

/** The credentials with the answer size cap of item `itemIndex` (Options › Max Answer Size). */
function withAnswerCap(
	context: IExecuteFunctions,
	credentials: GatewayCredentials,
	itemIndex: number,
): GatewayCredentials {
	const maxAnswerSizeMb =
		Number(
			context.getNodeParameter('options.maxAnswerSizeMb', itemIndex, DEFAULT_MAX_ANSWER_SIZE_MB),
		) || DEFAULT_MAX_ANSWER_SIZE_MB;
	return { ...credentials, maxAnswerBytes: maxAnswerSizeMb * 1024 * 1024 };
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const operation = chosenOperation(this, OPERATIONS);
	const credentials = await getGatewayCredentials(this);
	const output = await runOperation(this, operation, {
		apiKey: credentials.apiKey,
		credentialsOf: (itemIndex) => withAnswerCap(this, credentials, itemIndex),
	});
	return [output];
}
