import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WorkflowJson } from './credentials';
import { nodeItems, type RunOutput } from './n8n-output';
import { REPO_ROOT } from './n8n-install-layout';

/** The flagship workflow and how the demo and the end-to-end test run it. */

export const BRAND_WORKFLOW_FILE = path.join(REPO_ROOT, 'examples', 'brand-monitoring-daily-report.json');
export const REPORT_NODE = 'Build Report';
const EMAIL_NODE = 'Send Report';

export interface Mention {
	source: string;
	platform: string;
	id: string;
	url: string | null;
	title: string;
	sentiment: string;
	likes: number | null;
	comments: number | null;
	shares: number | null;
	reads: number | null;
}

export interface BrandReport {
	brand: string;
	day: string;
	newMentions: number;
	counts: Record<string, Record<string, number>>;
	totals: Record<string, number>;
	failures: Array<{ source: string; error: string; status: number | null }>;
	summary: string;
	mentions: Mention[];
	subject: string;
	html: string;
}

/** The example workflow with the brand set and the e-mail step switched off (the demo writes a file instead). */
export function brandWorkflow(brand?: string): WorkflowJson {
	const workflow = JSON.parse(fs.readFileSync(BRAND_WORKFLOW_FILE, 'utf8')) as WorkflowJson & {
		nodes: Array<{ name: string; disabled?: boolean; parameters: Record<string, any> }>;
	};
	for (const node of workflow.nodes) {
		if (node.name === EMAIL_NODE) node.disabled = true;
		if (node.name === 'Brand' && brand) {
			for (const assignment of node.parameters.assignments.assignments) if (assignment.name === 'brand') assignment.value = brand;
		}
	}
	return workflow;
}

export function reportOf(output: RunOutput): BrandReport {
	const [item] = nodeItems(output, REPORT_NODE);
	if (!item) throw new Error(`the "${REPORT_NODE}" node produced no report`);
	return item.json as unknown as BrandReport;
}
