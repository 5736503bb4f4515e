import { parseArgs } from 'node:util';
import { SIMULATOR_API_KEY } from './constants';
import { SIM_AVATAR_ROUTING } from './routes/avatar';
import { startSimulator, type SimulatorOptions } from './server';

const USAGE = `Usage: npm run simulator -- [--port 8787] [--latency-ms 0] [--page-size 10] [--seed N] [--totals '{"get_note_comments":20000}'] [--arrival-every-ms 60000] [--shapes recorded|spec]

Starts the local gateway simulator on 127.0.0.1. The API key it accepts is SIMULATOR_API_KEY
in simulator/constants.ts. Control endpoints (no auth): GET /__sim/ledger, GET /__sim/requests,
GET /__sim/ids, POST /__sim/reset, POST /__sim/faults, POST /__sim/clock/advance {"ms": N}.
With --arrival-every-ms, new notes, search hits, creator videos and comments join every list each
that many ms of the simulator's clock (for the Social Data Trigger; advance the clock to bring them).
Data answers come in the shapes genuine upstream captures show (simulator/recorded/README.md);
--shapes spec gives only the shapes the spec shows.`;

function shapesOf(value: string | undefined): SimulatorOptions['shapes'] {
	if (value === undefined || value === 'recorded' || value === 'spec') return value;
	throw new Error(`--shapes must be recorded or spec, not ${value}`);
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
	};
	const simulator = await startSimulator(options);
	process.stdout.write(startupBanner(simulator.url));
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
function startupBanner(url: string): string {
	return [
		`simulator listening on ${url}`,
		'Put these in a Social Gateway API credential:',
		`  Base URL: ${url}`,
		`  API Key: ${SIMULATOR_API_KEY}`,
		`  Avatar Routing Value: ${SIM_AVATAR_ROUTING.value} (Avatar Routing Parameter Name: ${SIM_AVATAR_ROUTING.name}, the default)`,
		'Control endpoints: GET /__sim/ledger, GET /__sim/requests, GET /__sim/ids, POST /__sim/reset. Stop with Ctrl+C.',
		'',
	].join('\n');
}

main().catch((error: Error) => {
	process.stderr.write(`${error.message}\n${USAGE}\n`);
	process.exit(1);
});
