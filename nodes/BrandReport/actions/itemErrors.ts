import { InputError } from '../../shared/execution/inputError';

/** A refusal tied to its item (` (item N)`); other errors as they are. */
const tiedTo = (error: unknown, itemIndex: number) =>
	error instanceof InputError ? error.atItem(itemIndex) : error;

/** Runs a check of item `itemIndex`; a refusal names the item. */
export function forItem<T>(itemIndex: number, check: () => T): T {
	try {
		return check();
	} catch (error) {
		throw tiedTo(error, itemIndex);
	}
}
