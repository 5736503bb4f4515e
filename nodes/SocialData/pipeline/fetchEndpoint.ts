import type { IDataObject } from 'n8n-workflow';
import type { AnswerMode, EndpointDescriptor } from '../descriptor';
import { findEndpoint } from '../descriptor';
import { GatewayError, surelyNotBilled } from '../../shared/transport/errors';
import { answerMode, recordsAt } from '../descriptor/answerPaths';
import { unknownShapeError } from './unknownShape';
import { CreditLimitReached } from './creditBudget';
import { asItemJson, payloadOf, recordItems } from './outputItems';
import type { StopReason, WalkResult } from './pageWalk';
import { walkPages } from './pageWalk';
import type { CallContext } from './sendCall';
import { sendCall } from './sendCall';
import { unusedMoreFlags } from './unusedMoreFlags';
import type { Input } from './validateInput';
import { buildInput } from './validateInput';

export interface EndpointSettings {
	/** The most records of a paginated endpoint; undefined under Return All. */
	limit?: number;
	/** One output item per record (true) or one per page with the whole answer (false). */
	splitRecords: boolean;
	maxPages: number;
	/** Try the endpoint's fallback variant once when it fails. */
	fallback: boolean;
	/** Output normalised mentions instead of the platform's records. */
	mentions: boolean;
	/** A successful answer with no records at any known place: a hint (and no items), or a failure. */
	unknownShape: 'hint' | 'fail';
}

export interface EndpointOutput {
	results: IDataObject[];
	/** Things the user should know, e.g. a walk stopped at the page bound. */
	notices: string[];
}

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

/**
 * An answer in an unknown shape: a hint beside the records read so far, or a failure when the user
 * chose Fail (Continue On Fail then turns it into an error item naming the source).
 */
function unknownShape(
	endpoint: EndpointDescriptor,
	body: unknown,
	pages: number,
	settings: EndpointSettings,
): string {
	const error = unknownShapeError(endpoint.name, body, pages);
	if (settings.unknownShape === 'fail') throw error;
	return error.message;
}

/**
 * Return All ended where the answer's read flags said the last page, while a flag the node does not
 * read says more pages exist: the user should know the walk may have left pages behind.
 */
function unusedFlagNotice(
	endpoint: EndpointDescriptor,
	mode: AnswerMode,
	walk: WalkResult,
): string | undefined {
	const read = endpoint.pagination!.more[mode];
	const flags = unusedMoreFlags(walk.lastAnswer, read);
	if (flags.length === 0) return undefined;
	const named = flags.map((flag) => `${flag.path} = ${JSON.stringify(flag.value)}`);
	return `${endpoint.name}: stopped after ${walk.pages} ${walk.pages === 1 ? 'page' : 'pages'} because no flag the node reads (${read.join(', ')}) said more, but the last answer carries ${named.join(', ')}, which the node does not read: more records may exist`;
}

/** Where a walk that a spending limit stopped ends, and why; its paid pages are in the output. */
const limitNotice = (endpoint: string, pages: number, records: number, limit: CreditLimitReached) =>
	`${endpoint}: stopped after ${pages} ${pages === 1 ? 'page' : 'pages'} (${records} records, all in the output) because page ${pages + 1} was not allowed. ${limit.message}`;

async function fetchPages(
	context: CallContext,
	endpoint: EndpointDescriptor,
	input: Input,
	settings: EndpointSettings,
): Promise<EndpointOutput> {
	const results: IDataObject[] = [];
	let pagesPaid = 0;
	let recordsPaid = 0;
	const mode = answerMode(endpoint, input);
	const walk = await walkPages(
		{ pagination: endpoint.pagination!, fields: endpoint.fields },
		mode,
		input,
		(pageInput) => sendCall(context, endpoint, pageInput),
		(page) => {
			pagesPaid++;
			recordsPaid += page.records.length;
			if (settings.splitRecords || settings.mentions)
				results.push(...recordItems(endpoint, page.records, settings.mentions, input));
			else results.push(asItemJson(page.body));
		},
		{ limit: settings.limit, maxPages: settings.maxPages },
	).then(
		(outcome) => ({ outcome }),
		(error: unknown) => ({ error }),
	);
	if ('error' in walk) {
		// A limit that stops the walk after paid pages keeps them; before the first page it is the answer.
		if (!(walk.error instanceof CreditLimitReached) || pagesPaid === 0) throw walk.error;
		return { results, notices: [limitNotice(endpoint.name, pagesPaid, recordsPaid, walk.error)] };
	}
	const { outcome } = walk;
	const notice =
		outcome.stop === 'unknownShape'
			? unknownShape(endpoint, outcome.unknownAnswer, outcome.pages, settings)
			: outcome.stop === 'end' && settings.limit === undefined
				? unusedFlagNotice(endpoint, mode, outcome)
				: STOP_NOTICES[outcome.stop]?.(endpoint.name, outcome.pages);
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
 * billed and not for a used-up balance or quota, and the user allows it. Any other failure goes on to the item runner, which turns it
 * into n8n's error (toNodeError).
 */
async function sendWithFallback(
	context: CallContext,
	endpoint: EndpointDescriptor,
	input: Input,
	settings: EndpointSettings,
) {
	const fallback =
		settings.fallback && endpoint.fallback
			? findEndpoint(endpoint.fallback, endpoint.group)
			: undefined;
	if (!fallback)
		return { body: await sendCall(context, endpoint, input), answeredBy: endpoint.name };
	const first = await sendCall(context, endpoint, input).then(
		(body) => ({ body }),
		(error: unknown) => ({ error }),
	);
	if ('body' in first) return { body: first.body, answeredBy: endpoint.name };
	// A used-up balance or quota refuses the fallback as well.
	if (first.error instanceof GatewayError && first.error.details.quotaRefused) throw first.error;
	if (!surelyNotBilled(first.error)) {
		const cancelled =
			!(first.error instanceof GatewayError) || first.error.details.kind === 'cancelled';
		throw cancelled
			? first.error
			: possiblyBilledFailure(first.error as GatewayError, endpoint.name, fallback.name);
	}
	// The fallback has fields of its own: the first variant's input is checked again by its rules.
	return {
		body: await sendCall(context, fallback, buildInput(fallback, input)),
		answeredBy: fallback.name,
	};
}

/** Fetches what one input item asks of an endpoint: a single call, a fallback, or a cursor walk. */
export async function fetchEndpoint(
	context: CallContext,
	endpoint: EndpointDescriptor,
	input: Input,
	settings: EndpointSettings,
): Promise<EndpointOutput> {
	if (endpoint.pagination) return fetchPages(context, endpoint, input, settings);
	const { body, answeredBy } = await sendWithFallback(context, endpoint, input, settings);
	if (endpoint.records && (settings.splitRecords || settings.mentions)) {
		const records = recordsAt(body, endpoint.records[answerMode(endpoint, input)]);
		if (records === undefined)
			return { results: [], notices: [unknownShape(endpoint, body, 1, settings)] };
		return { results: recordItems(endpoint, records, settings.mentions, input), notices: [] };
	}
	const json = asItemJson(payloadOf(body));
	return { results: [endpoint.fallback ? { ...json, answeredBy } : json], notices: [] };
}
