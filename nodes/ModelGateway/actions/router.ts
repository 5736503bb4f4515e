import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { FailurePolicy } from '../../shared/execution/failure';
import { settleFailure } from '../../shared/execution/failure';
import { runItems } from '../../shared/execution/itemRunner';
import type { ItemOperation, OperationTable } from '../../shared/execution/operation';
import { chosenOperation } from '../../shared/execution/operation';
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

/** An operation that handles all input items together (e.g. many items per model call). */
export interface AllItemsOperation {
	endpoint: string;
	executeAll(
		this: IExecuteFunctions,
		credentials: GatewayCredentials,
		continueOnFail: boolean,
	): Promise<INodeExecutionData[]>;
}

type ModelGatewayOperation =
	| { perItem: ItemOperation; allItems?: never }
	| { allItems: AllItemsOperation; perItem?: never };

const perItem = (operation: ItemOperation): ModelGatewayOperation => ({ perItem: operation });

const OPERATIONS: OperationTable<ModelGatewayOperation> = {
	text: { generate: perItem(text.generate), stream: perItem(text.stream) },
	image: {
		generate: perItem(image.generate),
		edit: perItem(image.edit),
		predict: perItem(image.predict),
	},
	speech: { generate: perItem(speech.generate) },
	embedding: { embed: perItem(embedding.embed) },
	chat: { complete: perItem(chat.complete), classify: { allItems: chat.classify } },
	message: { create: perItem(message.create) },
	model: {
		list: perItem(model.list),
		get: perItem(model.get),
		listNative: perItem(model.listNative),
	},
	native: { call: perItem(native.call) },
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

/** Under Continue On Fail a failure of the whole run gives every input item the same error item. */
async function runAllItems(
	context: IExecuteFunctions,
	operation: AllItemsOperation,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[]> {
	const policy: FailurePolicy = { endpoint: operation.endpoint, apiKey: credentials.apiKey };
	try {
		return await operation.executeAll.call(
			context,
			withAnswerCap(context, credentials, 0),
			context.continueOnFail(),
		);
	} catch (error) {
		const failed = settleFailure(context, error, policy, { itemIndex: 0 });
		return context.getInputData().map((_, item) => ({ ...failed, pairedItem: { item } }));
	}
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const operation = chosenOperation(this, OPERATIONS);
	const credentials = await getGatewayCredentials(this);
	if (operation.allItems) return [await runAllItems(this, operation.allItems, credentials)];
	const { execute, endpoint, concurrency } = operation.perItem;
	const output = await runItems(
		this,
		async (itemIndex) =>
			await execute.call(this, itemIndex, withAnswerCap(this, credentials, itemIndex)),
		{ endpoint, concurrency, apiKey: credentials.apiKey },
	);
	return [output];
}
