import * as fs from 'node:fs';
import * as path from 'node:path';
import { brandWorkflow, reportOf } from '../tools/brandMonitoring/workflow';
import { packProject } from '../tools/n8n/installPack';
import { screenshotReport } from '../tools/brandMonitoring/reportScreenshot';
import { REPO_ROOT } from '../tools/n8n/n8nInstallLayout';
import { failureReport, runWorkflow } from '../tools/n8n/workflowRunner';
import { SIMULATOR_API_KEY, startSimulator, type Simulator } from '../simulator';

/**
 * The main job: the brand-monitoring daily report in a real n8n. Against the local simulator unless
 * GATEWAY_API_KEY and GATEWAY_BASE_URL are set (then the real service; GATEWAY_MODEL_URL optional).
 * BRAND sets the brand term (default "acme").
 */
async function main() {
	const realKey = process.env.GATEWAY_API_KEY;
	const realUrl = process.env.GATEWAY_BASE_URL;
	if (realKey && !realUrl)
		throw new Error(
			'GATEWAY_API_KEY is set but GATEWAY_BASE_URL is not: set both to use the real service',
		);
	let sim: Simulator | undefined;
	try {
		const tarball = await packProject({ build: true });
		if (!realKey) sim = await startSimulator();
		const gatewayUrl = realKey ? realUrl! : sim!.url;
		console.log(
			realKey
				? `Using the real service at ${gatewayUrl}`
				: `Using the local simulator at ${gatewayUrl}`,
		);

		const result = await runWorkflow({
			workflow: brandWorkflow(process.env.BRAND),
			gatewayUrl,
			apiKey: realKey ?? SIMULATOR_API_KEY,
			modelUrl: process.env.GATEWAY_MODEL_URL,
			packTarball: tarball,
		});
		if (!result.ok) throw new Error(`the workflow failed:\n${failureReport(result)}`);
		const report = reportOf(result.output);

		const outDir = path.join(REPO_ROOT, 'demo-output');
		fs.mkdirSync(outDir, { recursive: true });
		fs.writeFileSync(path.join(outDir, 'report.html'), report.html);
		fs.writeFileSync(path.join(outDir, 'report.md'), `${report.markdown}\n`);
		fs.writeFileSync(path.join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
		// The PNG shows how a mail client renders the report; without a Chromium the demo still succeeds.
		const pngWritten = await screenshotReport(report.html, path.join(outDir, 'report.png')).then(
			() => true,
			(error: unknown) => {
				console.warn(
					`  (no report.png: ${error instanceof Error ? error.message : String(error)})`,
				);
				return false;
			},
		);

		console.log(`\n${report.subject}`);
		for (const [source, counts] of Object.entries(report.counts)) {
			console.log(
				`  ${source.padEnd(9)} ${Object.entries(counts)
					.map(([sentiment, n]) => `${sentiment} ${n}`)
					.join(', ')}`,
			);
		}
		for (const failure of report.failures)
			console.log(`  FAILED ${failure.source}: ${failure.error}`);
		console.log(`  summary: ${report.summary}`);
		if (sim) {
			const modelCalls = sim.requests.filter(
				(request) => request.path === '/v1/chat/completions',
			).length;
			console.log(
				`  simulator ledger: ${sim.ledger.billedCalls()} billed data calls, ${sim.ledger.credits().toFixed(2)} credits; ${modelCalls} model calls for ${report.newMentions} mentions`,
			);
		}
		console.log(
			`  n8n: import ${result.timings.importSeconds.toFixed(1)} s, execute ${result.timings.executeSeconds.toFixed(1)} s`,
		);
		const shown = (file: string) => path.relative(process.cwd(), path.join(outDir, file));
		console.log(
			`\nReport written to ${shown('report.html')} (e-mail HTML), ${pngWritten ? `${shown('report.png')} (how it renders), ` : ''}${shown('report.md')} (team chat)`,
		);
	} finally {
		await sim?.close();
	}
}

main().catch((error) => {
	console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
});
