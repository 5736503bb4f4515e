import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import type { HistoryRow } from '../spikes';
import { detectSpikes } from '../spikes';
import { readHistoryRow } from './historyRows';
import { isPlaceholder } from './placeholder';
import { forItem } from './itemErrors';
import { spikeFields } from './spikeFields';
import { readSpikeCheck } from './spikeSettings';

export const description: INodeProperties[] = spikeFields;

/**
 * One item per spike, ready for Build Alert, paired with the rows of its mentions; none when no
 * brand is above its usual level (or every spike was alerted already). Every parameter and every
 * row is checked before the check runs.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const check = forItem(0, () => readSpikeCheck(this));
	const rows = this.getInputData()
		.map((item, index) => ({ item, index }))
		.filter(({ item }) => !isPlaceholder(item))
		.map(({ item, index }) => ({ row: forItem(index, () => readHistoryRow(item.json)), index }));

	// A post that names two brands is a row of each: a spike pairs with its own brand's rows only.
	const rowId = (row: HistoryRow) => `${row.brand}\u0001${row.key}`;
	const itemsOf = new Map<string, number[]>();
	for (const { row, index } of rows)
		itemsOf.set(rowId(row), [...(itemsOf.get(rowId(row)) ?? []), index]);

	const spikes = detectSpikes(
		rows.map(({ row }) => row),
		check.alerts,
		check.settings,
		check.now,
	);
	return spikes.map((spike) => ({
		json: spike as unknown as IDataObject,
		pairedItem: spike.mentions
			.flatMap((mention) => itemsOf.get(rowId(mention)) ?? [])
			.sort((a, b) => a - b)
			.map((item) => ({ item })),
	}));
}
