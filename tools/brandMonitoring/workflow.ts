import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WorkflowJson } from '../n8n/credentials';
import { nodeItems, type RunOutput } from '../n8n/n8nOutput';
import { REPO_ROOT } from '../n8n/n8nInstallLayout';

/** The flagship workflow and how the demo and the end-to-end test run it. */

export const BRAND_WORKFLOW_FILE = path.join(
	REPO_ROOT,
	'examples',
	'brand-monitoring-daily-report.json',
);
export const REPORT_NODE = 'Build Report';
const EMAIL_NODE = 'Send Report';
export const CLASSIFY_NODE = 'Classify Sentiment';
/** The optional team-chat branch. */
export const CHAT_NODES = ['Chat Webhook Set?', 'Post to Team Chat'];

export interface Mention {
	source: string;
	platform: string;
	id: string;
	url: string | null;
	/** Where no web link exists: the id to find the post with in the app. */
	openInApp: string | null;
	title: string;
	author: string | null;
	sentiment: string;
	reason: string;
	likes: number | null;
	comments: number | null;
	shares: number | null;
	reads: number | null;
	engagement: number;
}

/** One run's counts as the Keep 7-Run Trend node stores them in the workflow's static data. */
export interface TrendRun {
	at: string;
	execution: string;
	mentions: number;
	positive: number;
	neutral: number;
	negative: number;
	unclassified: number;
	failedSources: number;
}

export interface BrandReport {
	brand: string;
	day: string;
	newMentions: number;
	counts: Record<string, Record<string, number>>;
	totals: Record<string, number>;
	failures: Array<{ source: string; error: string; status: number | null }>;
	summary: string;
	trend: TrendRun[];
	top: Mention[];
	negatives: Mention[];
	mentions: Mention[];
	subject: string;
	html: string;
	markdown: string;
}

export interface BrandWorkflowSettings {
	brand?: string;
	/** Options › Batch Size of Classify Sentiment (the example ships 25). */
	batchSize?: number;
	/** Where Post to Team Chat sends the Markdown version (the example ships none). */
	chatWebhookUrl?: string;
}

/** The example workflow with the e-mail step switched off (the demo writes a file instead) and the settings given. */
export function brandWorkflow(settings: string | BrandWorkflowSettings = {}): WorkflowJson {
	const { brand, batchSize, chatWebhookUrl } =
		typeof settings === 'string' ? { brand: settings } : settings;
	const workflow = JSON.parse(fs.readFileSync(BRAND_WORKFLOW_FILE, 'utf8')) as WorkflowJson & {
		nodes: Array<{
			name: string;
			disabled?: boolean;
			parameters: {
				options: { batchSize?: number };
				assignments: { assignments: Array<{ name: string; value: unknown }> };
			};
		}>;
	};
	const brandValues: Record<string, string | undefined> = { brand, chatWebhookUrl };
	for (const node of workflow.nodes) {
		if (node.name === EMAIL_NODE) node.disabled = true;
		if (node.name === CLASSIFY_NODE && batchSize !== undefined)
			node.parameters.options.batchSize = batchSize;
		if (node.name === 'Brand') {
			for (const assignment of node.parameters.assignments.assignments) {
				if (brandValues[assignment.name]) assignment.value = brandValues[assignment.name];
			}
		}
	}
	return workflow;
}

export function reportOf(output: RunOutput): BrandReport {
	const [item] = nodeItems(output, REPORT_NODE);
	if (!item) throw new Error(`the "${REPORT_NODE}" node produced no report`);
	return item.json as unknown as BrandReport;
}
