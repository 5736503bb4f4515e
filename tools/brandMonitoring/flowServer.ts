import * as path from 'node:path';
import type { ImportableCredential, WorkflowJson } from '../n8n/credentials';
import { ensureN8n, type EnsuredN8n } from '../n8n/ensureN8n';
import { freePort, n8nEnv } from '../n8n/n8nEnv';
import { startN8nServer, type N8nServer } from '../n8n/n8nServer';
import { publishWorkflow } from '../n8n/queueCluster';
import { openN8nSession, redactor, type N8nSession } from '../n8n/workflowRunner';
import {
	COLLECT_FILE,
	COLLECT_SCHEDULE,
	DAILY_FILE,
	DAILY_SCHEDULE,
	loadFlow,
	onWebhook,
	tableReader,
	withSettings,
} from './flows';

/**
 * The brand-monitoring pair published in one started n8n, each flow behind a webhook standing in
 * for its schedule: `tick('collect', at)` runs the hourly collector as the schedule would at `at`,
 * `tick('daily', at)` the daily report; `rows(table)` reads a Data Table back.
 */

export type BrandFlow = 'collect' | 'daily';

const PATHS: Record<BrandFlow, string> = { collect: 'brand-collect', daily: 'brand-daily' };
const READER_PATH = 'brand-table-rows';
export const COLLECT_ID = 'brandCollectHook';
export const DAILY_ID = 'brandDailyHook';
const READER_ID = 'brandTableReader';

export interface BrandFlowServerOptions {
	gatewayUrl: string;
	apiKey: string;
	packTarball: string;
	/** Values of the flows' Settings nodes (bot addresses and secrets, recipients). */
	settings?: Record<string, string>;
	/** Last changes to each flow before it is imported (e.g. a spike window for a test's cadence). */
	adjust?: Partial<Record<BrandFlow, (flow: WorkflowJson) => WorkflowJson>>;
	credentials?: ImportableCredential[];
	secrets?: string[];
	n8n?: EnsuredN8n;
	/** n8n's GENERIC_TIMEZONE (the flows' schedules and Brand Report read it); default: n8n's own. */
	timeZone?: string;
	quiet?: boolean;
}

export interface BrandFlowServer {
	url: string;
	userFolder: string;
	/** Runs a flow as its schedule would at `at`; resolves when its last node finished. */
	tick(flow: BrandFlow, at: Date): Promise<void>;
	rows(table: string): Promise<Array<Record<string, unknown>>>;
	stop(): Promise<void>;
}

/** Flow JSON as imported: the shipped file behind its webhook, Settings filled in, adjusted. */
export function brandFlows(
	options: Pick<BrandFlowServerOptions, 'settings' | 'adjust'>,
): Record<BrandFlow, WorkflowJson> {
	const prepare = (flow: BrandFlow, file: string, schedule: string, id: string) => {
		let json = onWebhook(loadFlow(file), schedule, PATHS[flow], id);
		if (options.settings) json = withSettings(json, settingsFor(json, options.settings));
		return options.adjust?.[flow]?.(json) ?? json;
	};
	return {
		collect: prepare('collect', COLLECT_FILE, COLLECT_SCHEDULE, COLLECT_ID),
		daily: prepare('daily', DAILY_FILE, DAILY_SCHEDULE, DAILY_ID),
	};
}

/** The values a flow's Settings node has (the collector names its recipient alertTo, the report reportTo). */
function settingsFor(flow: WorkflowJson, values: Record<string, string>): Record<string, string> {
	const settings = flow.nodes.find((node) => node.name === 'Settings');
	const names = new Set(
		(
			(settings?.parameters as { assignments: { assignments: Array<{ name: string }> } })
				.assignments.assignments ?? []
		).map((assignment) => assignment.name),
	);
	return Object.fromEntries(Object.entries(values).filter(([name]) => names.has(name)));
}

export async function startBrandFlowServer(
	options: BrandFlowServerOptions,
): Promise<BrandFlowServer> {
	const n8n = options.n8n ?? (await ensureN8n({ quiet: options.quiet }));
	const flows = brandFlows(options);
	const session: N8nSession = await openN8nSession({
		n8n,
		workflow: flows.collect,
		moreWorkflows: [flows.daily, tableReader(READER_ID, READER_PATH)],
		credentials: options.credentials,
		gatewayUrl: options.gatewayUrl,
		apiKey: options.apiKey,
		packTarball: options.packTarball,
		packInstallStyle: 'n8n-ui',
		quiet: options.quiet,
	});
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const env = n8nEnv(n8n, session.userFolder, await freePort(), {
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_EXPRESSION_ENGINE: 'legacy',
		...(options.timeZone ? { GENERIC_TIMEZONE: options.timeZone } : {}),
	});
	let server: N8nServer | undefined;
	try {
		for (const id of [COLLECT_ID, DAILY_ID, READER_ID])
			await publishWorkflow(n8n, session.userFolder, env, id);
		server = await startN8nServer({
			n8n,
			env,
			cwd: session.userFolder,
			url,
			logFile: path.join(session.userFolder, 'n8n.log'),
			redact: redactor([options.apiKey, ...(options.secrets ?? [])]),
		});
	} catch (error) {
		session.close();
		throw error;
	}
	const post = (webhookPath: string, body: unknown) =>
		postWhenRegistered(`${url}/webhook/${webhookPath}`, body);
	return {
		url,
		userFolder: session.userFolder,
		async tick(flow, at) {
			const response = await post(PATHS[flow], { timestamp: at.toISOString() });
			const text = await response.text();
			if (response.status !== 200)
				throw new Error(`${flow} at ${at.toISOString()}: HTTP ${response.status} ${text}`);
		},
		async rows(table) {
			const response = await post(READER_PATH, { table });
			const rows = (await response.json()) as Array<Record<string, unknown>>;
			return rows.filter((row) => Object.keys(row).length > 0);
		},
		async stop() {
			await server?.stop();
			session.close();
		},
	};
}

/** n8n answers readiness before it has registered the published webhooks: 404 until then. */
async function postWhenRegistered(address: string, body: unknown): Promise<Response> {
	const started = Date.now();
	for (;;) {
		const response = await fetch(address, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		if (response.status !== 404 || Date.now() - started > 120_000) return response;
		await response.arrayBuffer();
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}
