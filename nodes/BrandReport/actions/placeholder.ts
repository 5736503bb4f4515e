import type { INodeExecutionData } from 'n8n-workflow';
import { isRecord } from '../../shared/json/isRecord';

/** An empty Data Table answer (Always Output Data) is one item without any field: no row. */
export const isEmptyRow = (json: unknown): boolean =>
	isRecord(json) && Object.keys(json).length === 0;

export const isPlaceholder = (item: INodeExecutionData): boolean => isEmptyRow(item.json);
