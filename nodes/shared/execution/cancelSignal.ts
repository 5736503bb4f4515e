/** The n8n contexts that can say when the user stopped the execution. */
interface CancellableContext {
	getExecutionCancelSignal?(): AbortSignal | undefined;
}

/** The signal that fires when the user stops the execution (absent in older n8n versions). */
export function cancelSignalOf(context: CancellableContext): AbortSignal | undefined {
	return context.getExecutionCancelSignal?.();
}
