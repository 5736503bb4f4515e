import { isRecord, withField } from './objectPaths';
import type { SimResponse } from './routes/types';

/**
 * A `data` fault: the run answer goes out as the route built it (a 200, billed as usual) with these
 * fields of its `data` set, e.g. `has_more` with an empty `buffer`, an empty page that still says
 * more, an upstream error echoing the key. A key with dots sets a nested field (`data.cursor` is
 * the answer's `data.data.cursor`). Answers without a `data` object are left alone.
 */
export function withDataFields(
	response: SimResponse,
	fields: Record<string, unknown> | undefined,
): SimResponse {
	if (
		fields === undefined ||
		response.status !== 200 ||
		!isRecord(response.body) ||
		!('data' in response.body)
	)
		return response;
	let data: unknown = response.body.data;
	for (const [key, value] of Object.entries(fields)) data = withField(data, key.split('.'), value);
	return { ...response, body: { ...response.body, data } };
}
