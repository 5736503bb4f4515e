import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { mapWithConcurrency } from '../../shared/concurrency';
import { getGatewayCredentials } from '../../shared/gatewayCredentials';
import { errorItemJson, toNodeError } from '../../shared/nodeErrors';
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

export interface ModelGatewayOperation {
	/** Endpoint named in error items when the failure happened before a call. */
	endpoint: string;
	/** Items run at once (1 unless the operation says otherwise). */
	concurrency?: number;
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		credentials: GatewayCredentials,
	): Promise<INodeExecutionData[]>;
}

const OPERATIONS: Record<string, Record<string, ModelGatewayOperation>> = {
	text: { generate: text.generate, stream: text.stream },
	image: { generate: image.generate, edit: image.edit, predict: image.predict },
	speech: { generate: speech.generate },
	embedding: { embed: embedding.embed },
	chat: { complete: chat.complete },
	message: { create: message.create },
	model: { list: model.list, get: model.get, listNative: model.listNative },
	native: { call: native.call },
};

/** Operations that handle all input items together (e.g. many items per model call). */
export interface ModelGatewayAllItemsOperation {
	endpoint: string;
	executeAll(
		this: IExecuteFunctions,
		credentials: GatewayCredentials,
		continueOnFail: boolean,
	): Promise<INodeExecutionData[]>;
}

const ALL_ITEMS_OPERATIONS: Record<string, Record<string, ModelGatewayAllItemsOperation>> = {
	chat: { classify: chat.classify },
};

async function runAllItems(
	this: IExecuteFunctions,
	operation: ModelGatewayAllItemsOperation,
	credentials: GatewayCredentials,
): Promise<INodeExecutionData[][]> {
	try {
		const maxAnswerSizeMb =
			Number(this.getNodeParameter('options.maxAnswerSizeMb', 0, DEFAULT_MAX_ANSWER_SIZE_MB)) ||
			DEFAULT_MAX_ANSWER_SIZE_MB;
		return [
			await operation.executeAll.call(
				this,
				{ ...credentials, maxAnswerBytes: maxAnswerSizeMb * 1024 * 1024 },
				this.continueOnFail(),
			),
		];
	} catch (error) {
		const nodeError = toNodeError(this.getNode(), error, 0, credentials.apiKey);
		if (!this.continueOnFail()) throw nodeError;
		return [
			this.getInputData().map((_, i) => ({
				json: errorItemJson(nodeError, operation.endpoint),
				pairedItem: { item: i },
			})),
		];
	}
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const allItemsOperation = ALL_ITEMS_OPERATIONS[resource]?.[operationName];
	if (allItemsOperation)
		return await runAllItems.call(this, allItemsOperation, await getGatewayCredentials(this));
	const operation = OPERATIONS[resource]?.[operationName];
	if (!operation)
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	const credentials = await getGatewayCredentials(this);
	const continueOnFail = this.continueOnFail();
	let stopped = false;

	const results = await mapWithConcurrency(items.length, operation.concurrency ?? 1, async (i) => {
		// After a failure that stops the node, items not started yet are not sent.
		if (stopped) return [];
		try {
			const maxAnswerSizeMb =
				Number(this.getNodeParameter('options.maxAnswerSizeMb', i, DEFAULT_MAX_ANSWER_SIZE_MB)) ||
				DEFAULT_MAX_ANSWER_SIZE_MB;
			return await operation.execute.call(this, i, {
				...credentials,
				maxAnswerBytes: maxAnswerSizeMb * 1024 * 1024,
			});
		} catch (error) {
			const nodeError = toNodeError(this.getNode(), error, i, credentials.apiKey);
			if (continueOnFail)
				return [{ json: errorItemJson(nodeError, operation.endpoint), pairedItem: { item: i } }];
			stopped = true;
			throw nodeError;
		}
	});
	return [results.flat()];
}
