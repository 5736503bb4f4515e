import type { IncomingHttpHeaders } from 'node:http';
import type { AuthScheme } from '../auth';
import type { Clock } from '../clock';
import type { Dataset } from '../dataset';
import type { InterfaceNames } from '../../nodes/shared/transport/wireNames';

/** What the simulator saw of one request (admin requests excluded). */
export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: IncomingHttpHeaders;
	/** The body exactly as received (tests check 64-bit ids digit for digit). */
	bodyText: string;
	/** Run endpoint named in the envelope (data calls). */
	endpoint?: string;
	/** The envelope's input, parsed with big integers as bigint. */
	input?: unknown;
	/** Status answered; absent when the connection was reset. */
	status?: number;
	/** Kind of the fault applied, if any. */
	fault?: string;
	/** Requests being answered when this one arrived, itself included: how many calls a client keeps open at once. */
	inFlight: number;
}

export interface SimRequest {
	method: string;
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	bodyText: string;
	/** Named parts of the route path (`{model}` -> params.model). */
	params: Record<string, string>;
	/** The body parsed as JSON with big integers as bigint; undefined when empty or not JSON. */
	json(): unknown;
}

export interface SimResponse {
	status: number;
	headers?: Record<string, string>;
	/** Sent as JSON; bigint values are written as raw digits. */
	body?: unknown;
	/** Sent as is (set content-type in headers). */
	text?: string;
	/** Bytes streamed in order with their announced length (media files). */
	bytes?: { length: number; chunks: () => AsyncIterable<Buffer> };
	/** Streamed in order, e.g. Server-Sent Events. */
	chunks?: Iterable<string> | AsyncIterable<string>;
	/** A ledger entry to record once the answer is fully sent (credits 0 for unbilled calls). */
	billing?: { endpoint: string; credits: number; units?: number };
}

export interface ResolvedOptions {
	apiKey: string;
	latencyMs: number;
	pageSize: number;
	seed: number;
	totals: Record<string, number>;
	/** Which answers the data endpoints give: the real platforms' recorded shapes, or the spec's own. */
	shapes: AnswerShapes;
	/** Which names the simulated service speaks (SimulatorOptions.interfaceNames). */
	interfaceNames: InterfaceNames;
	/** The data endpoints this gateway does not forward (SimulatorOptions.notForwarded). */
	notForwarded?: NotForwarded;
}

/**
 * A gateway forwards only the upstream endpoints its operator enabled: the others it refuses,
 * unbilled, as unknown (404) or as not supported (400), naming the endpoint either way.
 */
export interface NotForwarded {
	/** Endpoint names (the path's last segment), e.g. `fetch_general_search_v1`. */
	endpoints: string[];
	/** 404 (default): `Unknown endpoint: <path>`; 400: `Endpoint not supported: <path>`. */
	status?: 400 | 404;
}

/**
 * `recorded`: the upstream answers (raw=true) in the shapes genuine captures show (see
 * simulator/recorded/README.md), where a capture exists; `spec`: only what the spec shows.
 */
export type AnswerShapes = 'recorded' | 'spec';

export interface SimContext {
	options: ResolvedOptions;
	dataset: Dataset;
	clock: Clock;
	/** Per-simulator storage for stateful routes, keyed by the module's own name. */
	state: Map<string, unknown>;
	/** Id of this request, unique per simulator. */
	requestId: string;
	/** The simulator's address as the client reached it (`http://host:port`): media links point here. */
	origin: string;
	/** Increments per call; for values the service renews on every request (media tokens). */
	nextSequence(): number;
}

export interface HttpRoute {
	method: string;
	/** A template with `{name}` parts (one path segment, may contain `:`), `{*name}` (the rest), or a RegExp with named groups. */
	path: string | RegExp;
	/** Defaults to the scheme the spec gives the path (see auth.ts). */
	auth?: AuthScheme;
	/** Names the request for fault filters and the request log before the handler runs. */
	identify?(request: SimRequest): { endpoint?: string; input?: unknown };
	handle(request: SimRequest, ctx: SimContext): SimResponse | Promise<SimResponse>;
}

/** A group of HTTP routes; adding one to routes/index.ts is all a new group needs. */
export interface RouteModule {
	name: string;
	routes: HttpRoute[];
}
