import { parseArgs } from 'node:util';
import { SIMULATOR_API_KEY } from './constants';
import { SIM_AVATAR_ROUTING } from './routes/avatar';
import { startSimulator, type SimulatorOptions } from './server';

const USAGE = `Usage: npm run simulator -- [--port 8787] [--latency-ms 0] [--page-size 10] [--seed N] [--totals '{"get_note_comments":20000}'] [--arrival-every-ms 60000] [--shapes recorded|spec] [--interface-names upstream|neutral]

Starts the local gateway simulator on 127.0.0.1. The API key it accepts is SIMULATOR_API_KEY
in simulator/constants.ts. Control endpoints (no auth): GET /__sim/ledger, GET /__sim/requests,
GET /__sim/ids, POST /__sim/reset, POST /__sim/faults, POST /__sim/clock/advance {"ms": N}.
With --arrival-every-ms, new notes, search hits, creator videos and comments join every list each
that many ms of the simulator's clock (for the Social Data Trigger; advance the clock to bring them).
Data answers come in the shapes genuine upstream captures show (simulator/recorded/README.md);
--shapes spec gives only the shapes the spec shows. It speaks the real service's names
(/api/v1/douyin/web/…, provider tikhub, anthropic-version, gemini-/imagen- models);
--interface-names neutral speaks the interface document's words instead (/api/v1/shortvideo/web/…,
compat-version, gm-/img- models) and refuses the real names, unbilled.`;

function shapesOf(value: string | undefined): SimulatorOptions['shapes'] {
	if (value === undefined || value === 'recorded' || value === 'spec') return value;
	throw new Error(`--shapes must be recorded or spec, not ${value}`);
}

function interfaceNamesOf(value: string | undefined): SimulatorOptions['interfaceNames'] {
	if (value === undefined || value === 'upstream' || value === 'neutral') return value;
	throw new Error(`--interface-names must be upstream or neutral, not ${value}`);
}

async function main() {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: process.env.SIM_PORT ?? '8787' },
			'latency-ms': { type: 'string' },
			'page-size': { type: 'string' },
			seed: { type: 'string' },
			totals: { type: 'string' },
			'arrival-every-ms': { type: 'string' },
			shapes: { type: 'string' },
			'interface-names': { type: 'string' },
			help: { type: 'boolean', short: 'h' },
		},
	});
	if (values.help) {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
	const options: SimulatorOptions = {
		port: number(values.port),
		latencyMs: number(values['latency-ms']),
		pageSize: number(values['page-size']),
		seed: number(values.seed),
		totals: values.totals ? (JSON.parse(values.totals) as Record<string, number>) : undefined,
		arrivalEveryMs: number(values['arrival-every-ms']),
		shapes: shapesOf(values.shapes),
		interfaceNames: interfaceNamesOf(values['interface-names']),
	};
	const simulator = await startSimulator(options);
	process.stdout.write(startupBanner(simulator.url, options.interfaceNames === 'neutral'));
	const stop = () => {
		simulator.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

/** What to put in a Social Gateway API credential to use this simulator (the README quotes these lines). */
function startupBanner(url: string, neutral: boolean): string {
	return [
		`simulator listening on ${url}`,
		'Put these in a Social Gateway API credential:',
		`  Base URL: ${url}`,
		`  API Key: ${SIMULATOR_API_KEY}`,
		`  Avatar Routing Value: ${SIM_AVATAR_ROUTING.value} (Avatar Routing Parameter Name: ${SIM_AVATAR_ROUTING.name}, the default)`,
		...(neutral ? ['  Advanced Settings › Interface Names: Neutral Names'] : []),
		'Control endpoints: GET /__sim/ledger, GET /__sim/requests, GET /__sim/ids, POST /__sim/reset. Stop with Ctrl+C.',
		'',
	].join('\n');
}

main().catch((error: Error) => {
	process.stderr.write(`${error.message}\n${USAGE}\n`);
	process.exit(1);
});
