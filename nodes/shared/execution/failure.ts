import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IPairedItemData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { errorItemJson, toNodeError } from './nodeErrors';
import { SpendingLimitReached } from './spendingLimit';

/** How a node turns a failure into n8n's error, or into an error item under Continue On Fail. */
export interface FailurePolicy {
	/** Named as `endpoint` in error items when the failure itself names none (e.g. refused input). */
	endpoint: string | ((itemIndex: number) => string);
	/** The API key: kept out of every message. */
	apiKey?: string;
	/** Rewords a failure before it becomes n8n's error (e.g. in the operation's own terms). */
	reword?: (error: unknown) => unknown;
	/** What an error item adds to error, endpoint, status and serviceMessage (e.g. the asset id). */
	errorDetails?: (error: unknown) => IDataObject;
	/** What the error item of item `itemIndex` adds, whatever failed (e.g. the platform it was reading). */
	itemDetails?: (itemIndex: number) => IDataObject;
}

/** Where a failure belongs: the item it counts against, and the items its error item pairs with. */
export interface FailureSite {
	itemIndex: number;
	pairedItem?: IPairedItemData | IPairedItemData[];
}

/** A failure that ends the whole node even under Continue On Fail: a spending limit. */
export function stopsNode(error: unknown): error is SpendingLimitReached {
	return error instanceof SpendingLimitReached;
}

/** n8n's error of a failure that stops the node as a whole (not tied to an item). */
export function nodeStop(context: IExecuteFunctions, error: unknown): NodeOperationError {
	return new NodeOperationError(
		context.getNode(),
		error instanceof Error ? error.message : String(error),
	);
}

/**
 * Settles one failure: under Continue On Fail it becomes an error item
 * (`{ error, endpoint, status, serviceMessage, ...itemDetails, ...errorDetails }`); otherwise, and always for a
 * spending limit, n8n's error is thrown.
 */
export function settleFailure(
	context: IExecuteFunctions,
	error: unknown,
	policy: FailurePolicy,
	site: FailureSite,
	continueOnFail = context.continueOnFail(),
): INodeExecutionData {
	if (stopsNode(error)) throw nodeStop(context, error);
	const { itemIndex } = site;
	const reworded = policy.reword ? policy.reword(error) : error;
	const nodeError = toNodeError(context.getNode(), reworded, itemIndex, policy.apiKey);
	if (!continueOnFail) throw nodeError;
	const endpoint =
		typeof policy.endpoint === 'function' ? policy.endpoint(itemIndex) : policy.endpoint;
	return {
		json: {
			...errorItemJson(nodeError, endpoint),
			...policy.itemDetails?.(itemIndex),
			...policy.errorDetails?.(error),
		},
		pairedItem: site.pairedItem ?? { item: itemIndex },
	};
}
