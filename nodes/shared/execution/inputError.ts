/** A field as the user sees it: its parameter (or wire) name and the name the node's panel shows. */
export interface FieldRef {
	name: string;
	displayName: string;
}

/** The one wording of a refused value: `Field "<name>" (<Display Name>) <problem>`. */
function fieldProblem(field: FieldRef, problem: string): string {
	return `Field "${field.name}" (${field.displayName}) ${problem}`;
}

/**
 * A value the user gave that the service would reject, found before any call. Every node words it
 * the same way (see fieldProblem), and toNodeError ends the message with ` (item N)`.
 */
export class InputError extends Error {
	/**
	 * @param field the parameter (or wire) name of the refused field
	 * @param message the whole sentence; use InputError.about for the usual wording
	 * @param itemIndex the item the value came from, once known
	 */
	constructor(
		readonly field: string,
		message: string,
		readonly itemIndex?: number,
	) {
		super(message);
		this.name = 'InputError';
	}

	/** `Field "<name>" (<Display Name>) <problem>`, e.g. `InputError.about(url, 'is required')`. */
	static about(field: FieldRef, problem: string): InputError {
		return new InputError(field.name, fieldProblem(field, problem));
	}

	/** The same refusal tied to an item: the message ends with ` (item N)`; already tied ones stay. */
	atItem(itemIndex: number): InputError {
		if (this.itemIndex !== undefined) return this;
		return new InputError(this.field, `${this.message} (item ${itemIndex})`, itemIndex);
	}
}
