import type { IDataObject } from 'n8n-workflow';
import type { EndpointDescriptor } from '../descriptor';
import { findEndpoint } from '../descriptor';
import type { AnswerMode, StopReason } from './pageWalk';
import { walkPages } from './pageWalk';
import { recordsAt } from './answerPaths';
import { GatewayError, surelyNotBilled } from '../../shared/transport/errors';
import type { Input } from './validateInput';
import { buildInput } from './validateInput';
import type { RunContext } from './sendCall';
import { callRun } from './sendCall';
import { MENTION_MAPPERS } from '../mentions/platforms';

export interface EndpointSettings {
	returnAll: boolean;
	limit: number;
	/** One output item per record (true) or one per page with the whole answer (false). */
	splitRecords: boolean;
	maxPages: number;
	/** Try the endpoint's fallback variant once when it fails. */
	fallback: boolean;
	/** Output normalised mentions instead of the platform's records. */
	mentions: boolean;
}

export interface EndpointOutput {
	results: IDataObject[];
	/** Things the user should know, e.g. a walk stopped at the page bound. */
	notices: string[];
}

const asItemJson = (value: unknown): IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: { value: value as IDataObject[keyof IDataObject] };

export const payloadOf = (body: unknown): unknown =>
	body !== null && typeof body === 'object' && 'data' in body ? (body as IDataObject).data : body;

export const answerMode = (endpoint: EndpointDescriptor, input: Input): AnswerMode =>
	endpoint.raw && input.raw === false ? 'parsed' : 'raw';

const STOP_NOTICES: Partial<Record<StopReason, (endpoint: string, pages: number) => string>> = {
	pageBound: (endpoint, pages) =>
		`${endpoint}: stopped after ${pages} pages, the page bound (Options › Max Pages); more records exist`,
	stalledCursor: (endpoint, pages) =>
		`${endpoint}: stopped after ${pages} pages because the service returned the same cursor again`,
	cursorRestarted: (endpoint, pages) =>
		`${endpoint}: stopped after ${pages} pages because the service returned the cursor of the first page again (the next page would repeat page one and be billed again)`,
	emptyPage: (endpoint, pages) =>
		`${endpoint}: stopped after ${pages} pages because page ${pages} had no records although the service said more exist`,
};

/** The output of one page's records: the records themselves or normalised mentions. */
function recordItems(
	endpoint: EndpointDescriptor,
	records: unknown[],
	settings: EndpointSettings,
): IDataObject[] {
	const mapper = settings.mentions ? MENTION_MAPPERS[endpoint.name] : undefined;
	return records.map((record) => (mapper ? mapper(asItemJson(record)) : asItemJson(record)));
}

async function walk(
	context: RunContext,
	endpoint: EndpointDescriptor,
	input: Input,
	settings: EndpointSettings,
): Promise<EndpointOutput> {
	const results: IDataObject[] = [];
	const outcome = await walkPages(
		{ pagination: endpoint.pagination!, fields: endpoint.fields },
		answerMode(endpoint, input),
		input,
		(pageInput) => callRun(context, endpoint, pageInput),
		(page) => {
			if (settings.splitRecords || settings.mentions)
				results.push(...recordItems(endpoint, page.records, settings));
			else results.push(asItemJson(page.body));
		},
		{ limit: settings.returnAll ? undefined : settings.limit, maxPages: settings.maxPages },
	);
	const notice = STOP_NOTICES[outcome.stop]?.(endpoint.name, outcome.pages);
	return { results, notices: notice ? [notice] : [] };
}

/** The first variant's failure when it may have been billed: the fallback (a second billed call) is not tried. */
function possiblyBilledFailure(
	error: GatewayError,
	endpoint: string,
	fallback: string,
): GatewayError {
	return new GatewayError(
		`${error.message.replace(/\.?$/, '.')} ${fallback} was not called: ${endpoint} may already have been billed, and the fallback would be billed again`,
		{ ...error.details, mayHaveBilled: true },
	);
}

/**
 * One call, and the endpoint's fallback variant once when that call fails, surely without being
 * billed, and the user allows it. Any other failure goes on to the item runner, which turns it
 * into n8n's error (toNodeError).
 */
async function callWithFallback(
	context: RunContext,
	endpoint: EndpointDescriptor,
	input: Input,
	settings: EndpointSettings,
) {
	const fallback =
		settings.fallback && endpoint.fallback ? findEndpoint(endpoint.fallback) : undefined;
	if (!fallback)
		return { body: await callRun(context, endpoint, input), answeredBy: endpoint.name };
	const first = await callRun(context, endpoint, input).then(
		(body) => ({ body }),
		(error: unknown) => ({ error }),
	);
	if ('body' in first) return { body: first.body, answeredBy: endpoint.name };
	if (!surelyNotBilled(first.error)) {
		const cancelled =
			!(first.error instanceof GatewayError) || first.error.details.kind === 'cancelled';
		throw cancelled
			? first.error
			: possiblyBilledFailure(first.error as GatewayError, endpoint.name, fallback.name);
	}
	return {
		body: await callRun(context, fallback, buildInput(fallback, input)),
		answeredBy: fallback.name,
	};
}

/** Runs one endpoint for one input item: a single call, a fallback, or a cursor walk. */
export async function runEndpoint(
	context: RunContext,
	endpoint: EndpointDescriptor,
	input: Input,
	settings: EndpointSettings,
): Promise<EndpointOutput> {
	if (endpoint.pagination) return walk(context, endpoint, input, settings);
	const { body, answeredBy } = await callWithFallback(context, endpoint, input, settings);
	if (endpoint.records && (settings.splitRecords || settings.mentions)) {
		return {
			results: recordItems(
				endpoint,
				recordsAt(body, endpoint.records[answerMode(endpoint, input)]) ?? [],
				settings,
			),
			notices: [],
		};
	}
	const json = asItemJson(payloadOf(body));
	return { results: [endpoint.fallback ? { ...json, answeredBy } : json], notices: [] };
}
