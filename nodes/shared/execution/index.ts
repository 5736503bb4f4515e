/**
 * The execution contract every node shares: plan every item, then run (runOperation), one item runner, one failure policy and error item,
 * one spending-limit stop, one input error and its wording, one JSON-input parser, one cancel signal, and property builders.
 */
export { cancelSignalOf } from './cancelSignal';
export { addOutputHints } from './executionHints';
export { executionScoped } from './executionScoped';
export {
	absoluteHttpUrl,
	idList,
	invalid,
	optionalText,
	positiveSeconds,
	requiredText,
	wholeNumber,
} from './fieldChecks';
export type { FailurePolicy, FailureSite } from './failure';
export { settleFailure } from './failure';
export type { FieldRef } from './inputError';
export { InputError } from './inputError';
export { isRecord } from '../json/isRecord';
export type { PlannedItem } from './itemPlans';
export { planEveryItem, planOrRefusal } from './itemPlans';
export type { ItemRunOptions, ItemTask } from './itemRunner';
export { runItems } from './itemRunner';
export { jsonObjectInput, parseJsonInput } from './jsonInput';
export type {
	AllItemsOperation,
	AllItemsRun,
	EachItemRun,
	ExecutionOperation,
	ItemOperation,
	NodeOperation,
	OperationTable,
	PassedPlan,
	WholeInputOperation,
} from './operation';
export { chosenOperation, jsonItems } from './operation';
export type { OperationRunOptions } from './operationRunner';
export { runOperation } from './operationRunner';
export type { ItemParameters } from './resultLimit';
export { resultLimitOf, returnAllAndLimit } from './resultLimit';
export { SpendingLimitReached, limitStopHint } from './spendingLimit';
export { optionsCollection } from '../optionsCollection';
