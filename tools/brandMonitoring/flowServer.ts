import * as path from 'node:path';
import type { ImportableCredential, WorkflowJson } from '../n8n/credentials';
import { ensureN8n, type EnsuredN8n } from '../n8n/ensureN8n';
import { freePort, n8nEnv } from '../n8n/n8nEnv';
import { runCommand, tail, type CommandResult } from '../n8n/runCommand';
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
	SETTINGS_FILE,
	tableReader,
	withSettings,
} from './flows';

/**
 * The brand-monitoring pair published in one started n8n, each flow behind a webhook standing in
 * for its schedule: `tick('collect', at)` runs the hourly collector as the schedule would at `at`,
 * `tick('daily', at)` the daily report; `rows(table)` reads a Data Table back.
 */

export type BrandFlow = 'collect' | 'daily';
/** The two scheduled flows and the workflow both call for their settings and delivery. */
export type BrandWorkflow = BrandFlow | 'settings';

const PATHS: Record<BrandFlow, string> = { collect: 'brand-collect', daily: 'brand-daily' };
const READER_PATH = 'brand-table-rows';
export const COLLECT_ID = 'brandCollectHook';
export const DAILY_ID = 'brandDailyHook';
const READER_ID = 'brandTableReader';
/** The settings workflow keeps its shipped id: the flows' Execute Workflow nodes call it by that id. */
export const SETTINGS_ID = 'brandSettingsDelivery';

export interface BrandFlowServerOptions {
	gatewayUrl: string;
	apiKey: string;
	packTarball: string;
	/** Values of the settings workflow's Settings node (bot addresses and secrets, recipients). */
	settings?: Record<string, string>;
	/** Last changes to each workflow before it is imported (e.g. a spike window for a test's cadence). */
	adjust?: Partial<Record<BrandWorkflow, (flow: WorkflowJson) => WorkflowJson>>;
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
	/** The texts of the flow's last execution that match `pattern`, e.g. a node's execution hint. */
	lastExecutionTexts(flow: BrandFlow, pattern: RegExp): Promise<string[]>;
	/** Changes workflows as a team does in the editor (edit, publish): n8n restarts with them. */
	change(
		changes: Partial<Record<BrandWorkflow, (flow: WorkflowJson) => WorkflowJson>>,
	): Promise<void>;
	stop(): Promise<void>;
}

/**
 * Workflow JSON as imported: each scheduled flow behind its webhook, the settings workflow as
 * shipped with its Settings filled in; each adjusted.
 */
export function brandFlows(
	options: Pick<BrandFlowServerOptions, 'settings' | 'adjust'>,
): Record<BrandWorkflow, WorkflowJson> {
	const prepare = (flow: BrandFlow, file: string, schedule: string, id: string) => {
		const json = onWebhook(loadFlow(file), schedule, PATHS[flow], id);
		return options.adjust?.[flow]?.(json) ?? json;
	};
	let settings = loadFlow(SETTINGS_FILE);
	if (options.settings) settings = withSettings(settings, settingsFor(settings, options.settings));
	return {
		collect: prepare('collect', COLLECT_FILE, COLLECT_SCHEDULE, COLLECT_ID),
		daily: prepare('daily', DAILY_FILE, DAILY_SCHEDULE, DAILY_ID),
		settings: options.adjust?.settings?.(settings) ?? settings,
	};
}

const IDS: Record<BrandWorkflow, string> = {
	collect: COLLECT_ID,
	daily: DAILY_ID,
	settings: SETTINGS_ID,
};

/** The values the Settings node has (a caller may give more, e.g. for an older layout). */
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
		moreWorkflows: [flows.daily, flows.settings, tableReader(READER_ID, READER_PATH)],
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
	const start = async () =>
		await startN8nServer({
			n8n,
			env,
			cwd: session.userFolder,
			url,
			logFile: path.join(session.userFolder, 'n8n.log'),
			redact: redactor([options.apiKey, ...(options.secrets ?? [])]),
		});
	try {
		for (const id of [COLLECT_ID, DAILY_ID, SETTINGS_ID, READER_ID])
			await publishWorkflow(n8n, session.userFolder, env, id);
		server = await start();
		await publicationApplied(n8n, session.userFolder, env, [
			COLLECT_ID,
			DAILY_ID,
			SETTINGS_ID,
			READER_ID,
		]);
	} catch (error) {
		session.close();
		throw error;
	}
	/** The error strings of the last failed execution (the webhook answers only "Error in workflow"). */
	const lastErrors = async () =>
		await readN8nDatabase(
			n8n,
			session.userFolder,
			env,
			`const rows = db.prepare("SELECT d.data FROM execution_data d JOIN execution_entity e ON e.id = d.executionId WHERE e.status = 'error' ORDER BY e.id DESC LIMIT 2").all();
for (const row of rows) console.log(JSON.parse(row.data).filter((v) => typeof v === 'string' && /error|fail|invalid|must|cannot|not /i.test(v)).slice(0, 12).join(' | '));`,
		).then((result) => tail(result.stdout + result.stderr, 20));
	const importFlow = async (flow: WorkflowJson) => {
		await session.importWorkflow(flow);
		await publishWorkflow(n8n, session.userFolder, env, String(flow.id));
	};
	const post = (webhookPath: string, body: unknown) =>
		postWhenRegistered(`${url}/webhook/${webhookPath}`, body);
	return {
		url,
		userFolder: session.userFolder,
		async tick(flow, at) {
			const response = await post(PATHS[flow], { timestamp: at.toISOString() });
			const text = await response.text();
			if (response.status !== 200)
				throw new Error(
					`${flow} at ${at.toISOString()}: HTTP ${response.status} ${text}\n${await lastErrors()}`,
				);
		},
		async rows(table) {
			const response = await post(READER_PATH, { table });
			const rows = (await response.json()) as Array<Record<string, unknown>>;
			return rows.filter((row) => Object.keys(row).length > 0);
		},
		async lastExecutionTexts(flow, pattern) {
			// The webhook may answer before n8n has saved the execution: wait until it has finished.
			// Execution data is stored flattened: every string of it is an element of one JSON array.
			const started = Date.now();
			for (;;) {
				const result = await readN8nDatabase(
					n8n,
					session.userFolder,
					env,
					`const row = db.prepare("SELECT e.status, d.data FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id WHERE e.workflowId = ? ORDER BY e.id DESC LIMIT 1").get(${JSON.stringify(IDS[flow])});
const pattern = new RegExp(${JSON.stringify(pattern.source)}, ${JSON.stringify(pattern.flags)});
const done = row && !['new', 'running', 'waiting'].includes(row.status) && row.data;
console.log(JSON.stringify(done ? JSON.parse(row.data).filter((v) => typeof v === 'string' && pattern.test(v)) : null));`,
				);
				if (result.code !== 0)
					throw new Error(`could not read the last ${flow} execution:\n${tail(result.stderr)}`);
				const texts = JSON.parse(result.stdout) as string[] | null;
				if (texts) return texts;
				if (Date.now() - started > 60_000)
					throw new Error(`the last ${flow} execution did not finish within a minute`);
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
		},
		async change(changes) {
			await server?.stop();
			server = undefined;
			for (const [name, change] of Object.entries(changes) as Array<
				[BrandWorkflow, (flow: WorkflowJson) => WorkflowJson]
			>) {
				flows[name] = change(flows[name]);
				await importFlow({ ...flows[name], id: IDS[name] });
			}
			server = await start();
			await publicationApplied(
				n8n,
				session.userFolder,
				env,
				Object.keys(changes).map((name) => IDS[name as BrandWorkflow]),
			);
		},
		async stop() {
			await server?.stop();
			session.close();
		},
	};
}

/**
 * n8n 2.41 applies a publication in the background (its publication service reconciles at
 * start and every 10 s): until then webhooks and sub-workflow calls run the version published
 * before. Resolves once every workflow named runs the version its editor shows as published.
 */
async function publicationApplied(
	n8n: EnsuredN8n,
	userFolder: string,
	env: NodeJS.ProcessEnv,
	ids: string[],
): Promise<void> {
	const started = Date.now();
	for (;;) {
		const result = await readN8nDatabase(
			n8n,
			userFolder,
			env,
			`const pending = ${JSON.stringify(ids)}.filter((id) => {
const published = db.prepare('SELECT activeVersionId FROM workflow_entity WHERE id = ?').get(id);
const applied = db.prepare('SELECT publishedVersionId FROM workflow_published_version WHERE workflowId = ?').get(id);
return !published || !applied || published.activeVersionId !== applied.publishedVersionId;
});
console.log(JSON.stringify(pending));`,
		);
		const pending = result.code === 0 ? (JSON.parse(result.stdout) as string[]) : ids;
		if (pending.length === 0) return;
		if (Date.now() - started > 120_000)
			throw new Error(
				`n8n did not apply the publication of ${pending.join(', ')} within 2 minutes:\n${tail(result.stdout + result.stderr)}`,
			);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

/** Runs `script` under n8n's Node with `db`, n8n's sqlite database, open read-only. */
async function readN8nDatabase(
	n8n: EnsuredN8n,
	userFolder: string,
	env: NodeJS.ProcessEnv,
	script: string,
): Promise<CommandResult> {
	const database = path.join(userFolder, '.n8n', 'database.sqlite');
	return await runCommand(
		n8n.nodeBin,
		[
			'-e',
			`const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(${JSON.stringify(database)}, { readOnly: true });
${script}`,
		],
		{ cwd: userFolder, env, timeoutMs: 60_000 },
	);
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
