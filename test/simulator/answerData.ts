import type { SimResponse } from './routes/types';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A `data` fault: the run answer goes out as the route built it (a 200, billed as usual) with these
 * fields of its `data` set, e.g. `has_more` with an empty `buffer`, an empty page that still says
 * more, an upstream error echoing the key. Answers without a `data` object are left alone.
 */
export function withDataFields(response: SimResponse, fields: Record<string, unknown> | undefined): SimResponse {
	if (fields === undefined || response.status !== 200 || !isRecord(response.body) || !('data' in response.body)) return response;
	const data = response.body.data;
	return { ...response, body: { ...response.body, data: { ...(isRecord(data) ? data : {}), ...fields } } };
}
