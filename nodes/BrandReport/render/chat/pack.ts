/** One message of a split chat report: its blocks, and the closing note when blocks were left out. */
export interface PackedMessage {
	part: number;
	of: number;
	blocks: string[];
}

export interface PackRules {
	/** Whether a message of these blocks (the part label and closing note included) is within the bot's limit. */
	fits(blocks: string[], part: number, of: number): boolean;
	maxMessages: number;
	/** The closing line when `left` blocks did not fit in `maxMessages` messages. */
	note(left: number): string;
}

/** A block too big for any message on its own, cut line by line (then character by character) to fit. */
function shorten(block: string, fitsAlone: (block: string) => boolean): string {
	const lines = block.split('\n');
	while (lines.length > 1 && !fitsAlone(`${lines.join('\n')}\n…`)) lines.pop();
	let text = lines.length < block.split('\n').length ? `${lines.join('\n')}\n…` : lines.join('\n');
	while (!fitsAlone(text) && text.length > 1)
		text = `${[...text].slice(0, -Math.max(1, Math.ceil(text.length / 10))).join('')}…`;
	return text;
}

/**
 * Fills messages in block order up to each bot's limit, at most `maxMessages`; what does not fit
 * then is counted and named in a closing note on the last message (with the full report's link),
 * so a report is never rejected and never floods a 20-messages-a-minute bot.
 */
export function packBlocks(blocks: string[], rules: PackRules): PackedMessage[] {
	const { maxMessages } = rules;
	// Checked with the largest part label and a closing note, so adding either later never overflows.
	const fitsWithReserve = (candidate: string[]) =>
		rules.fits([...candidate, rules.note(blocks.length)], maxMessages, maxMessages);
	const parts: string[][] = [[]];
	let left = 0;
	for (const [index, block] of blocks.entries()) {
		const current = parts[parts.length - 1];
		if (fitsWithReserve([...current, block])) {
			current.push(block);
			continue;
		}
		const fitting = fitsWithReserve([block])
			? block
			: shorten(block, (text) => fitsWithReserve([text]));
		if (current.length === 0) current.push(fitting);
		else if (parts.length < maxMessages) parts.push([fitting]);
		else {
			left = blocks.length - index;
			break;
		}
	}
	const of = parts.length;
	return parts.map((partBlocks, n) => ({
		part: n + 1,
		of,
		blocks: n === of - 1 && left ? [...partBlocks, rules.note(left)] : partBlocks,
	}));
}
