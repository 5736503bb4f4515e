import type { IncomingHttpHeaders } from 'node:http';
import {
	GATEWAY_CREDENTIAL_TYPE,
	PACK_NODE_TYPE_PREFIX,
	type GatewayImportableCredential,
	type WorkflowJson,
} from '../../tools/n8n/credentials';
import type { RunOutput } from '../../tools/n8n/n8nOutput';
import type { ProxiedRequest } from './forwardProxy';
import { SIM_AVATAR_ROUTING } from '../../simulator/routes/avatar';

/**
 * Workflows and checks for instanceControls.test.ts: n8n's HTTP Request node (Predefined Credential
 * Type -> socialGatewayApi) and calls of the pack's three nodes side by side, one parallel branch
 * each, every node set to "continue" so each outcome is reported.
 */

export type CallKind =
	| 'httpRequest'
	| 'socialData'
	| 'modelList'
	| 'textStream'
	| 'messages'
	| 'avatarGroups';

interface CallSpec {
	/** What the call is, for test names. */
	label: string;
	method: string;
	/** Path the call requests on the service. */
	path: string;
	/** Extra check on the query, to tell two calls of one path apart. */
	query?: (query: URLSearchParams) => boolean;
	node(baseUrl: string): { type: string; typeVersion: number; parameters: Record<string, unknown> };
}

/** The HTTP Request node marks its call with this query parameter; the Model Gateway's listing has none. */
const HTTP_REQUEST_MARK = 'caller';

const rl = (value: string) => ({ __rl: true, mode: 'id', value });

export const CALLS: Record<CallKind, CallSpec> = {
	httpRequest: {
		label: "n8n's HTTP Request node, GET /v1/models",
		method: 'GET',
		path: '/v1/models',
		query: (query) => query.get(HTTP_REQUEST_MARK) === 'httpRequest',
		node: (baseUrl) => ({
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				url: `${baseUrl}/v1/models?${HTTP_REQUEST_MARK}=httpRequest`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: GATEWAY_CREDENTIAL_TYPE,
				options: {},
			},
		}),
	},
	socialData: {
		label: 'Social Data search › fetch_search (JSON)',
		method: 'POST',
		path: '/api/v1/run',
		node: () => ({
			type: `${PACK_NODE_TYPE_PREFIX}socialData`,
			typeVersion: 1,
			parameters: {
				resource: 'search',
				operation: 'fetch_search',
				keyword: 'acme',
				returnAll: false,
				limit: 3,
			},
		}),
	},
	modelList: {
		label: 'Model Gateway model › list (JSON)',
		method: 'GET',
		path: '/v1/models',
		query: (query) => !query.has(HTTP_REQUEST_MARK),
		node: () => ({
			type: `${PACK_NODE_TYPE_PREFIX}modelGateway`,
			typeVersion: 1,
			parameters: { resource: 'model', operation: 'list' },
		}),
	},
	textStream: {
		label: 'Model Gateway text › stream (SSE, ?key=)',
		method: 'POST',
		path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
		node: () => ({
			type: `${PACK_NODE_TYPE_PREFIX}modelGateway`,
			typeVersion: 1,
			parameters: {
				resource: 'text',
				operation: 'stream',
				modelId: rl('gemini-2.5-flash'),
				messages: { values: [{ role: 'user', text: 'Hello' }] },
			},
		}),
	},
	messages: {
		label: 'Model Gateway message › create (x-api-key)',
		method: 'POST',
		path: '/v1/messages',
		node: () => ({
			type: `${PACK_NODE_TYPE_PREFIX}modelGateway`,
			typeVersion: 1,
			parameters: {
				resource: 'message',
				operation: 'create',
				modelId: rl('gemini-2.5-flash'),
				messages: { values: [{ role: 'user', content: 'Hello' }] },
				max_tokens: 64,
			},
		}),
	},
	avatarGroups: {
		label: 'Avatar Assets group › list',
		method: 'POST',
		path: '/v1/private-avatar/groups/list',
		node: () => ({
			type: `${PACK_NODE_TYPE_PREFIX}avatarAssets`,
			typeVersion: 1,
			// The avatar calls need the routing value the account documents; the simulator's is SIM_AVATAR_ROUTING.
			parameters: {
				resource: 'group',
				operation: 'list',
				returnAll: false,
				limit: 5,
				options: { routingParameterValue: SIM_AVATAR_ROUTING.value },
			},
		}),
	},
};

/** Every call of the pack's nodes (not the HTTP Request node). */
export const PACK_CALLS: CallKind[] = [
	'socialData',
	'modelList',
	'textStream',
	'messages',
	'avatarGroups',
];
export const ALL_CALLS: CallKind[] = ['httpRequest', ...PACK_CALLS];

export interface Branch {
	/** Node name in the workflow; unique. */
	name: string;
	call: CallKind;
	credential: GatewayImportableCredential;
}

/** `<tag> <call>` for every call, on one credential. */
export function branchesFor(
	tag: string,
	credential: GatewayImportableCredential,
	calls: CallKind[] = ALL_CALLS,
): Branch[] {
	return calls.map((call) => ({ name: `${tag} ${call}`, call, credential }));
}

/** A manual trigger feeding every branch in parallel; each node continues on error (regular output). */
export function branchesWorkflow(name: string, branches: Branch[]): WorkflowJson {
	const names = new Set(branches.map((branch) => branch.name));
	if (names.size !== branches.length) throw new Error('branch names must be unique');
	const nodes = [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		...branches.map((branch, index) => {
			const baseUrl = branch.credential.data.baseUrl.replace(/\/+$/, '');
			return {
				id: `branch${index}`,
				name: branch.name,
				...CALLS[branch.call].node(baseUrl),
				position: [260, index * 120],
				credentials: {
					[GATEWAY_CREDENTIAL_TYPE]: { id: branch.credential.id, name: branch.credential.name },
				},
				onError: 'continueRegularOutput',
			};
		}),
	];
	return {
		name,
		nodes,
		connections: {
			Start: { main: [branches.map((branch) => ({ node: branch.name, type: 'main', index: 0 }))] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** A socialGatewayApi credential for the importer, with optional extra data fields (n8n's own ones). */
export function credential(
	id: string,
	name: string,
	baseUrl: string,
	apiKey: string,
	extra: Record<string, string> = {},
): GatewayImportableCredential {
	return {
		id,
		name,
		type: GATEWAY_CREDENTIAL_TYPE,
		data: { apiKey, baseUrl, modelBaseUrl: '', compatVersion: '2023-06-01', ...extra },
	};
}

export interface NodeOutcome {
	ran: boolean;
	/** Ran, and neither the run nor an output item carries an error (a list may output no items). */
	ok: boolean;
	items: number;
	error?: string;
}

/** How one branch ended: a node that continued on error outputs an item whose json holds the error. */
export function outcomeOf(output: RunOutput, nodeName: string): NodeOutcome {
	const runs = output.data.resultData.runData[nodeName];
	if (!runs || runs.length === 0) return { ran: false, ok: false, items: 0, error: 'did not run' };
	const run = runs[runs.length - 1];
	const items = (run.data?.main ?? []).flatMap((list) => list ?? []);
	const itemError = items
		.map((item) => item.error ?? item.json?.error)
		.find((error) => error !== undefined && error !== null);
	const error = run.error
		? describeError(run.error)
		: itemError !== undefined
			? describeError(itemError)
			: undefined;
	return { ran: true, ok: error === undefined, items: items.length, ...(error ? { error } : {}) };
}

function describeError(error: unknown): string {
	if (typeof error === 'string') return error;
	if (error && typeof error === 'object') {
		const { message, description } = error as { message?: unknown; description?: unknown };
		const text = [message, description]
			.filter((part) => typeof part === 'string' && part !== '')
			.join(' — ');
		return text || JSON.stringify(error).slice(0, 300);
	}
	return String(error);
}

/** What a server recorded of one request, in the shape these checks need. */
export interface SeenRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: IncomingHttpHeaders;
	bodyText?: string;
}

/** Requests carrying the key that the server answered with a 2xx status. */
export function servedWithKey<T extends SeenRequest & { status?: number }>(
	requests: T[],
	key: string,
): T[] {
	return requests.filter(
		(request) =>
			carriesKey(request, key) &&
			request.status !== undefined &&
			request.status >= 200 &&
			request.status < 300,
	);
}

/** True when the key appears anywhere in the request: any header value (Authorization, x-api-key, …), the query, the path or the body. */
export function carriesKey(request: SeenRequest, key: string): boolean {
	const headerText = Object.values(request.headers)
		.flatMap((value) => (Array.isArray(value) ? value : [value ?? '']))
		.join('\n');
	const queryText = JSON.stringify(request.query);
	return [
		headerText,
		queryText,
		request.path,
		decodeSafe(request.path),
		request.bodyText ?? '',
	].some((text) => text.includes(key));
}

function decodeSafe(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

export interface RequestFilter {
	/** `name:port` as the Host header has it. */
	host?: string;
	/** Prefix before the call's path (a redirect target's base path). */
	pathPrefix?: string;
	/** Accept any method (a 302/303 turns a POST into a GET). */
	anyMethod?: boolean;
}

/** The requests of one call that a server saw. */
export function requestsOf<T extends SeenRequest>(
	requests: T[],
	call: CallKind,
	filter: RequestFilter = {},
): T[] {
	const spec = CALLS[call];
	return requests.filter((request) => {
		if (request.path !== (filter.pathPrefix ?? '') + spec.path) return false;
		if (!filter.anyMethod && request.method !== spec.method) return false;
		if (filter.host !== undefined && request.headers.host !== filter.host) return false;
		return spec.query ? spec.query(toSearchParams(request.query)) : true;
	});
}

/** The proxy's records of one call to `host` (`name:port`). */
export function proxiedOf(
	requests: ProxiedRequest[],
	call: CallKind,
	host: string,
): ProxiedRequest[] {
	const spec = CALLS[call];
	return requests.filter((request) => {
		if (request.method === 'CONNECT') return false;
		let target: URL;
		try {
			target = new URL(request.target);
		} catch {
			return false;
		}
		if (target.host !== host || target.pathname !== spec.path || request.method !== spec.method)
			return false;
		return spec.query ? spec.query(target.searchParams) : true;
	});
}

/** Proxy records (absolute-URI requests and CONNECTs) addressed to `host` (`name:port`). */
export function proxiedToHost(requests: ProxiedRequest[], host: string): ProxiedRequest[] {
	return requests.filter((request) => {
		if (request.method === 'CONNECT') return request.target === host;
		try {
			return new URL(request.target).host === host;
		} catch {
			return false;
		}
	});
}

function toSearchParams(query: Record<string, string | string[]>): URLSearchParams {
	const params = new URLSearchParams();
	for (const [name, value] of Object.entries(query))
		for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
	return params;
}

/** Environment that switches every proxy variable off, so a proxy set on the machine does not leak into a scenario. */
export const NO_PROXY_ENV: NodeJS.ProcessEnv = {
	HTTP_PROXY: '',
	HTTPS_PROXY: '',
	ALL_PROXY: '',
	NO_PROXY: '',
	http_proxy: '',
	https_proxy: '',
	all_proxy: '',
	no_proxy: '',
};
