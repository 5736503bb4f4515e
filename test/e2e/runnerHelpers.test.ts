import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
	gatewayCredential,
	injectCredential,
	type WorkflowJson,
} from '../../tools/n8n/credentials';
import { withInstallLock } from '../../tools/n8n/installLock';
import { startProcess, waitUntil } from '../../tools/n8n/managedProcess';
import { errorMessages, findRunOutput, summarizeAllNodes } from '../../tools/n8n/n8nOutput';
import { createProgress } from '../../tools/n8n/progress';
import { redactor } from '../../tools/n8n/workflowRunner';

describe('injectCredential', () => {
	const credential = gatewayCredential({
		gatewayUrl: 'http://127.0.0.1:8787',
		apiKey: 'sk-test-1234',
	});
	const workflow: WorkflowJson = {
		nodes: [
			{ name: 'Trigger', type: 'n8n-nodes-base.manualTrigger' },
			{
				name: 'Exported',
				type: 'n8n-nodes-base.httpRequest',
				credentials: { socialGatewayApi: { id: 'old', name: 'Old' } },
			},
			{ name: 'Pack node without credential', type: 'n8n-nodes-social-gateway.socialData' },
			{
				name: 'Other credential',
				type: 'n8n-nodes-base.slack',
				credentials: { slackApi: { id: 's', name: 'Slack' } },
			},
		],
		connections: {},
	};

	it('points nodes using the type, and every node of the pack, at the credential by id and name', () => {
		const injected = injectCredential(workflow, credential);
		const reference = { id: 'e2eGatewayCred01', name: 'Social Gateway (e2e)' };

		expect(injected.nodes[0].credentials).toBeUndefined();
		expect(injected.nodes[1].credentials).toEqual({ socialGatewayApi: reference });
		expect(injected.nodes[2].credentials).toEqual({ socialGatewayApi: reference });
		expect(injected.nodes[3].credentials).toEqual({ slackApi: { id: 's', name: 'Slack' } });
		expect(workflow.nodes[1].credentials).toEqual({ socialGatewayApi: { id: 'old', name: 'Old' } });
	});

	it('builds the credential with the field names of the naming contract', () => {
		expect(
			gatewayCredential({ gatewayUrl: 'http://g', apiKey: 'k', modelUrl: 'http://m' }),
		).toEqual({
			id: 'e2eGatewayCred01',
			name: 'Social Gateway (e2e)',
			type: 'socialGatewayApi',
			data: {
				apiKey: 'k',
				baseUrl: 'http://g',
				modelBaseUrl: 'http://m',
				compatVersion: '2023-06-01',
			},
		});
	});
});

describe('n8n execute output parsing', () => {
	const runData = {
		data: {
			resultData: {
				runData: { A: [{ executionStatus: 'success', data: { main: [[{ json: { id: '1' } }]] } }] },
				lastNodeExecuted: 'A',
			},
		},
	};
	const stdout = [
		'plain text a library printed',
		JSON.stringify({ level: 'info', message: 'n8n Task Broker ready on 127.0.0.1, port 5701' }),
		JSON.stringify({ level: 'error', message: '\nExecution error:' }),
		JSON.stringify({ level: 'info', message: JSON.stringify(runData, null, 2) }),
		'{not json',
	].join('\n');

	it('finds the run data among the JSON log lines', () => {
		expect(findRunOutput(stdout)).toEqual(runData);
		expect(findRunOutput('no run data here\n')).toBeUndefined();
	});

	it('collects error messages and summarizes every node', () => {
		expect(errorMessages(stdout)).toEqual(['Execution error:']);
		expect(summarizeAllNodes(findRunOutput(stdout)!)).toEqual({
			A: [{ executionStatus: 'success', outputs: [[{ id: '1' }]] }],
		});
	});
});

describe('redactor', () => {
	it('replaces every occurrence of a secret', () => {
		expect(redactor(['sk-secret-1', undefined])('a sk-secret-1 b sk-secret-1')).toBe('a *** b ***');
	});
});

describe('withInstallLock', () => {
	const progress = createProgress('test', true);
	let dir: string;
	beforeEach(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'install-lock-'));
	});
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	it('runs concurrent holders one after the other and releases the lock', async () => {
		const lock = path.join(dir, 'x.lock');
		const events: string[] = [];
		const holder = (name: string) =>
			withInstallLock(lock, progress, async () => {
				events.push(`${name} in`);
				await new Promise((resolve) => setTimeout(resolve, 300));
				events.push(`${name} out`);
			});

		await Promise.all([holder('a'), holder('b')]);

		expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
		expect(fs.existsSync(lock)).toBe(false);
	});

	it('takes over a lock left by a process that no longer exists', async () => {
		const lock = path.join(dir, 'y.lock');
		fs.writeFileSync(lock, '999999999');
		await expect(withInstallLock(lock, progress, async () => 'ran')).resolves.toBe('ran');
	});
});

describe('startProcess(…).stop', () => {
	const isAlive = (pid: number) => {
		try {
			process.kill(pid, 0);
			return true;
		} catch {
			return false;
		}
	};

	it('ends a process that ignores SIGTERM, and an orphan holding its output, within the grace period and a little', async () => {
		// The parent ignores SIGTERM; a shell it starts leaves a `sleep` behind that inherits the
		// output pipes and is no longer its child: the pipes stay open as long as the orphan lives.
		const script =
			"process.on('SIGTERM', () => {});" +
			"require('node:child_process').spawn('sh', ['-c', 'sleep 1000 & echo orphan $!'], { stdio: 'inherit' });" +
			'setInterval(() => {}, 1000);';
		const started = startProcess('stubborn', process.execPath, ['-e', script]);
		await started.waitForOutput(/orphan \d+/, 30_000);
		const orphanPid = Number(/orphan (\d+)/.exec(started.output())![1]);
		const stopping = Date.now();
		await started.stop('SIGTERM', 500);
		expect(Date.now() - stopping).toBeLessThan(5_000);
		expect(isAlive(started.pid)).toBe(false);
		await waitUntil('the orphan to be gone', async () => !isAlive(orphanPid), { timeoutMs: 5_000 });
	});
});
