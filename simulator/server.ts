import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAdmin } from './admin';
import { authSchemeForPath, checkAuth } from './auth';
import { createClock, type Clock } from './clock';
import { DEFAULT_PAGE_SIZE, DEFAULT_SEED, SIMULATOR_API_KEY } from './constants';
import { createDataset, type Dataset } from './dataset';
import { hexFor } from './dataset/random';
import type { LateIndex } from './dataset/lateIndex';
import {
	answersBeforeWork,
	createFaults,
	describeFault,
	isDelayOnly,
	type Fault,
	type FaultControl,
} from './faults';
import { withDataFields } from './answerData';
import { withModelAnswerFault } from './routes/model/answerFaults';
import { parseJson } from './json';
import { createLedger, type Ledger } from './ledger';
import { createMediaLibrary, type MediaControl, type MediaFiles } from './media/library';
import { MEDIA_STATE, type MediaState } from './media/links';
import { routeModules } from './routes';
import type {
	AnswerShapes,
	HttpRoute,
	NotForwarded,
	RecordedRequest,
	ResolvedOptions,
	SimContext,
	SimRequest,
	SimResponse,
} from './routes/types';
import { faultResponse, send } from './send';
import type { InterfaceNames } from '../nodes/shared/transport/wireNames';

export interface SimulatorOptions {
	/** 0 (default) picks a free loopback port. */
	port?: number;
	apiKey?: string;
	/** Added before every answer. */
	latencyMs?: number;
	/** Records per page wherever the service decides the page size; default for count/counts. */
	pageSize?: number;
	/** Records per list keyed by endpoint name (see DEFAULT_TOTALS). */
	totals?: Record<string, number>;
	seed?: number;
	/** The video files the media links serve (see media/library.ts); `Simulator.media` changes them later. */
	media?: MediaFiles;
	/** New notes, videos, hits and comments join the lists every this many virtual ms (see dataset/arrivals.ts). */
	arrivalEveryMs?: number;
	/** Search index lag: a share of the arriving posts on the search lists appear late (see dataset/lateIndex.ts). */
	lateIndex?: LateIndex;
	/** `recorded` (default): upstream answers in the shapes of genuine captures; `spec`: the spec's shapes only. */
	shapes?: AnswerShapes;
	/**
	 * `upstream` (default): the names the real service speaks (`/api/v1/douyin/web/…`, `tikhub`,
	 * `anthropic-version`, `gemini-`/`imagen-` models, `BytedToken`); `neutral`: the interface
	 * document's words. A request in the other vocabulary is refused, unbilled, as a real gateway would.
	 */
	interfaceNames?: InterfaceNames;
	/** Data endpoints this gateway does not forward: refused unbilled, naming the endpoint. */
	notForwarded?: NotForwarded;
}

export interface Simulator {
	/** http://127.0.0.1:<port> */
	url: string;
	ledger: Ledger;
	requests: RecordedRequest[];
	faults: FaultControl;
	dataset: Dataset;
	clock: Clock;
	/** The video files behind the media links of data answers. */
	media: MediaControl;
	/** Clears the ledger, the request log and the faults (not the clock or the data). */
	reset(): void;
	close(): Promise<void>;
}

interface CompiledRoute {
	route: HttpRoute;
	pattern: RegExp;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	const resolved: ResolvedOptions = {
		apiKey: options.apiKey ?? SIMULATOR_API_KEY,
		latencyMs: options.latencyMs ?? 0,
		pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
		seed: options.seed ?? DEFAULT_SEED,
		totals: options.totals ?? {},
		shapes: options.shapes ?? 'recorded',
		interfaceNames: options.interfaceNames ?? 'upstream',
		...(options.notForwarded ? { notForwarded: options.notForwarded } : {}),
	};
	if (!(Number.isInteger(resolved.pageSize) && resolved.pageSize > 0))
		throw new RangeError('pageSize must be a positive integer');
	const clock = createClock();
	const dataset = createDataset({
		seed: resolved.seed,
		totals: resolved.totals,
		now: clock.now,
		arrivalEveryMs: options.arrivalEveryMs,
		lateIndex: options.lateIndex,
	});
	const ledger = createLedger();
	const faults = createFaults();
	const requests: RecordedRequest[] = [];
	const state = new Map<string, unknown>();
	const media = createMediaLibrary(options.media);
	state.set(MEDIA_STATE, { library: media, keysByToken: new Map() } satisfies MediaState);
	const routes = routeModules.flatMap((module) => module.routes.map(compile));
	let sequence = 0;
	let inFlight = 0;

	const reset = () => {
		ledger.reset();
		requests.splice(0, requests.length);
		faults.clear();
	};

	async function serve(req: IncomingMessage, res: ServerResponse) {
		const bodyText = await readBody(req);
		const url = new URL(req.url ?? '/', 'http://simulator');
		const method = req.method ?? 'GET';
		if (url.pathname.startsWith('/__sim/')) {
			return send(
				res,
				handleAdmin(method, url.pathname, safeParse(bodyText), {
					ledger,
					requests,
					faults,
					clock,
					dataset,
					reset,
				}),
			);
		}
		const record: RecordedRequest = {
			method,
			path: url.pathname,
			query: queryRecord(url.searchParams),
			headers: req.headers,
			bodyText,
			inFlight: ++inFlight,
		};
		requests.push(record);
		// Counted out before the answer leaves: the client's next request may arrive before `send` returns.
		let answered = false;
		const leave = () => {
			if (!answered) inFlight--;
			answered = true;
		};
		res.once('close', leave);
		const finish = async (response: SimResponse, fault?: Fault) => {
			record.status = fault?.wire?.empty ?? response.status;
			leave();
			await send(res, response, !!fault?.truncate, fault?.wire);
		};

		// Credentials are checked before the path is resolved, as real gateways do: 401 comes before 404.
		const found = findRoute(routes, method, url.pathname);
		const scheme = found.route?.auth ?? authSchemeForPath(url.pathname);
		const denied = checkAuth(
			scheme,
			{ headers: req.headers, query: url.searchParams, target: req.url },
			resolved.apiKey,
			resolved.interfaceNames,
		);
		if (denied) return finish(denied);
		if (!found.route) {
			const status = found.pathMatched ? 405 : 404;
			return finish({
				status,
				body: {
					code: status,
					message: `${status === 405 ? 'Method not allowed' : 'Not found'}: ${method} ${url.pathname}`,
				},
			});
		}
		const { route, params } = found;
		let parsed: { value: unknown } | undefined;
		const request: SimRequest = {
			method,
			path: url.pathname,
			query: url.searchParams,
			headers: req.headers,
			bodyText,
			params,
			json: () => (parsed ??= { value: safeParse(bodyText) }).value,
		};

		const named = route.identify?.(request) ?? {};
		record.endpoint = named.endpoint;
		record.input = named.input;
		const fault = faults.take({ endpoint: named.endpoint, path: url.pathname });
		if (fault) record.fault = describeFault(fault);
		await sleep(resolved.latencyMs + (fault?.delayMs ?? 0));
		if (fault?.reset) {
			leave();
			req.socket.destroy();
			return;
		}
		if (fault && answersBeforeWork(fault)) return finish(faultResponse(fault, url), fault);

		const ctx: SimContext = {
			options: resolved,
			dataset,
			clock,
			state,
			requestId: hexFor(32, resolved.seed, 'request', ++sequence),
			origin: `http://${req.headers.host ?? `${req.socket.localAddress}:${req.socket.localPort}`}`,
			nextSequence: () => ++sequence,
		};
		const response = withModelAnswerFault(
			withDataFields(await route.handle(request, ctx), fault?.data),
			fault?.modelAnswer,
			resolved.apiKey,
		);
		// Recorded before sending: a client in the same process may look at the ledger as soon as it has the answer.
		if (response.billing) {
			const cut = fault && !isDelayOnly(fault);
			ledger.record({
				...response.billing,
				credits: cut ? 0 : response.billing.credits,
				status: response.status,
				at: clock.now(),
				...(cut ? { fault: describeFault(fault as Fault) } : {}),
			});
		}
		await finish(fault?.afterWork ? faultResponse(fault, url) : response, fault);
	}

	const server = createServer((req, res) => {
		serve(req, res).catch((error: Error) => {
			process.stderr.write(`simulator: ${error.stack ?? error.message}\n`);
			if (!res.headersSent)
				send(res, {
					status: 500,
					body: { code: 500, message: 'Simulator error', detail: error.message },
				}).catch(() => undefined);
			else res.destroy();
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as AddressInfo;

	return {
		url: `http://127.0.0.1:${port}`,
		ledger,
		requests,
		faults,
		dataset,
		clock,
		media,
		reset,
		close: () =>
			new Promise<void>((resolve, reject) => {
				server.close((error) => (error ? reject(error) : resolve()));
				server.closeAllConnections();
			}),
	};
}

function compile(route: HttpRoute): CompiledRoute {
	if (route.path instanceof RegExp) return { route, pattern: route.path };
	const source = route.path
		.split(/(\{\*?\w+\})/)
		.map((part) => {
			const named = /^\{(\*?)(\w+)\}$/.exec(part);
			if (!named) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			return named[1] ? `(?<${named[2]}>.+)` : `(?<${named[2]}>[^/]+?)`;
		})
		.join('');
	return { route, pattern: new RegExp(`^${source}$`) };
}

function findRoute(routes: CompiledRoute[], method: string, path: string) {
	let pathMatched = false;
	for (const { route, pattern } of routes) {
		const match = pattern.exec(path);
		if (!match) continue;
		pathMatched = true;
		if (route.method === method) return { route, params: { ...match.groups }, pathMatched };
	}
	return { route: undefined, params: {}, pathMatched };
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function safeParse(text: string): unknown {
	if (text.trim() === '') return undefined;
	try {
		return parseJson(text);
	} catch {
		return undefined;
	}
}

function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {};
	for (const key of new Set(params.keys())) {
		const values = params.getAll(key);
		out[key] = values.length === 1 ? values[0] : values;
	}
	return out;
}

const sleep = (ms: number) =>
	ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
