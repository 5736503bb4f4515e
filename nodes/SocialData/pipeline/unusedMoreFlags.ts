import { isMoreFlag } from '../descriptor/answerPaths';

/** A key naming a more-pages flag: `continueFlag`, `has_more`, `hasMore`, `more`. */
const MORE_KEY = /continue|has_?more|more/i;

/** A flag of an answer: where it sits (a dot path) and what it says. */
export interface AnswerFlag {
	path: string;
	value: unknown;
}

/**
 * The flags of an answer that say more pages exist at places `read` (the paths the descriptor
 * reads) does not name: a walk that ended there may have left pages behind. Lists are not
 * entered: a flag inside a record or a box (a comment's `continueFlag` for its replies, a box's
 * `moreInfo`) speaks of that entry, not of the page.
 */
export function unusedMoreFlags(answer: unknown, read: string[]): AnswerFlag[] {
	const found: AnswerFlag[] = [];
	const visit = (value: unknown, path: string[]) => {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
		for (const [key, child] of Object.entries(value)) {
			const at = [...path, key];
			if (MORE_KEY.test(key) && isMoreFlag(child) && !read.includes(at.join('.')))
				found.push({ path: at.join('.'), value: child });
			visit(child, at);
		}
	};
	visit(answer, []);
	return found;
}
