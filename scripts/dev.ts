import { parseArgs } from 'node:util';
import {
	DEFAULT_N8N_PORT,
	DEFAULT_SIMULATOR_PORT,
	startDevEnvironment,
} from '../tools/n8n/devEnvironment';

const USAGE = `Usage: npm run dev -- [--port 5678] [--simulator-port 8787] [--pack file.tgz] [--listen 127.0.0.1] [--interface-names upstream|neutral]

Builds and packs this repository, starts the gateway simulator and a real n8n 2.41.1 editor with
the pack installed and the credential "Social Gateway (simulator)", and prints the address and
the login. State (workflows, login, installed pack) stays in .cache/dev-n8n/ between starts.
The simulator and the credential speak the real service's names; --interface-names neutral switches
both to the interface document's words. Ctrl+C stops everything. Environment: N8N_DEV_PORT, SIM_PORT,
N8N_DEV_USER_FOLDER.`;

function interfaceNamesOf(value: string | undefined): 'upstream' | 'neutral' | undefined {
	if (value === undefined || value === 'upstream' || value === 'neutral') return value;
	throw new Error(`--interface-names must be upstream or neutral, not ${value}`);
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: process.env.N8N_DEV_PORT ?? String(DEFAULT_N8N_PORT) },
			'simulator-port': {
				type: 'string',
				default: process.env.SIM_PORT ?? String(DEFAULT_SIMULATOR_PORT),
			},
			pack: { type: 'string' },
			listen: { type: 'string' },
			'interface-names': { type: 'string' },
			help: { type: 'boolean', short: 'h' },
		},
	});
	if (values.help) {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	const dev = await startDevEnvironment({
		n8nPort: portNumber(values.port, '--port'),
		simulatorPort: portNumber(values['simulator-port'], '--simulator-port'),
		packTarball: values.pack,
		listenAddress: values.listen,
		interfaceNames: interfaceNamesOf(values['interface-names']),
		userFolder: process.env.N8N_DEV_USER_FOLDER,
	});
	process.stdout.write(
		[
			'',
			`n8n editor:  ${dev.editorUrl}`,
			`login:       ${dev.login.email} / ${dev.login.password}`,
			`credential:  "${dev.credential.name}" -> simulator ${dev.simulator.url}`,
			`simulator:   ${dev.simulator.url} (request log: ${dev.simulator.url}/__sim/requests)`,
			`n8n log:     ${dev.logFile}`,
			`ready after ${dev.timings.totalSeconds.toFixed(1)}s (n8n start ${dev.timings.n8nStartSeconds.toFixed(1)}s). Ctrl+C stops.`,
			'',
		].join('\n'),
	);

	let stopping = false;
	const stop = (reason: string) => {
		if (stopping) return;
		stopping = true;
		process.stderr.write(`\n${reason}: stopping n8n and the simulator...\n`);
		dev.stop().then(
			() => process.exit(0),
			(error: Error) => {
				process.stderr.write(`${error.message}\n`);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('Ctrl+C'));
	process.on('SIGTERM', () => stop('SIGTERM'));
	void dev.n8nExited.then(({ code, signal }) => {
		if (stopping) return;
		process.stderr.write(
			`n8n exited by itself (code ${code}, signal ${signal}); see ${dev.logFile}\n`,
		);
		stopping = true;
		void dev.stop().finally(() => process.exit(1));
	});
}

function portNumber(value: string | undefined, flag: string): number | undefined {
	if (value === undefined) return undefined;
	const port = Number(value);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new Error(`${flag} must be a port number, got "${value}"`);
	return port;
}

main().catch((error: Error) => {
	process.stderr.write(`${error.message}\n\n${USAGE}\n`);
	process.exit(1);
});
