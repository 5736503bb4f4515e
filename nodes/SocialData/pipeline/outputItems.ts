import type { IDataObject } from 'n8n-workflow';
import type { EndpointDescriptor } from '../descriptor';
import { isRecord } from '../../shared/execution';
import { redactDeep } from '../../shared/transport/redact';
import { mentionMapperOf } from '../mentions/platforms';
import type { Input } from './validateInput';

/** An answer value as an output item's JSON: an object as it is, anything else under `value`. */
export const asItemJson = (value: unknown): IDataObject =>
	isRecord(value) ? (value as IDataObject) : { value: value as IDataObject[keyof IDataObject] };

/** What an answer carries: its `data`, or the whole body when it has none. */
export const payloadOf = (body: unknown): unknown =>
	body !== null && typeof body === 'object' && 'data' in body ? (body as IDataObject).data : body;

/**
 * Records as output JSON: the platform's own, or normalised mentions when asked and the endpoint
 * has a mention shape (`input`, the request, gives the platform of hits that do not name theirs).
 */
export function recordItems(
	endpoint: EndpointDescriptor,
	records: unknown[],
	asMentions: boolean,
	input: Input,
): IDataObject[] {
	const mapper = asMentions ? mentionMapperOf(endpoint, input) : undefined;
	return records.map((record) => (mapper ? mapper(asItemJson(record)) : asItemJson(record)));
}

/** A batch's results: one item each, or one item holding them all under the batch's output key. */
export function batchItems(
	endpoint: EndpointDescriptor,
	results: IDataObject[],
	splitRecords: boolean,
): IDataObject[] {
	return splitRecords ? results : [{ [endpoint.batch!.outputKey]: results }];
}

/**
 * The JSON with the values of the input's secret fields (session cookies) redacted: a service may
 * echo them in its answer, and output items are stored with the execution.
 */
export function withoutSecrets(endpoint: EndpointDescriptor, input: Input, json: IDataObject) {
	return endpoint.fields
		.filter((field) => field.secret && typeof input[field.name] === 'string')
		.reduce((redacted, field) => redactDeep(redacted, input[field.name] as string), json);
}
