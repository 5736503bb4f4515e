import JSONbig from 'json-bigint';
import { parseLosslessJsonBytes } from '../nodes/shared/json/losslessJsonBytes';
import { quoteUnsafeIntegersExact } from '../nodes/shared/json/unsafeIntegerQuoting';
import { type Clock, measureSideBySide } from './support/measure';
import { buildIdArrayPayload, buildSocialPayload } from './support/socialPayload';

const jsonBigint = JSONbig({ storeAsString: true });

interface Scenario {
	label: string;
	text: string;
	rounds: number;
	withJsonBigint: boolean;
}

interface ScenarioResult {
	jsonParseMs: number;
	losslessMs: number;
	jsonBigintMs?: number;
	losslessVsJsonParse: Record<Clock, number>;
	jsonBigintVsLossless?: Record<Clock, number>;
}

function assertSameAsJsonBigint(label: string, text: string): void {
	// The payloads only hold literals on which both contracts agree (unsafe integers and short numbers).
	if (
		JSON.stringify(parseLosslessJsonBytes(Buffer.from(text, 'utf8'))) !==
		JSON.stringify(jsonBigint.parse(text))
	) {
		throw new Error(`parseLosslessJson and json-bigint disagree on the ${label} payload`);
	}
}

/**
 * Every contender starts from the answer's bytes, as the transport receives them: JSON.parse needs
 * them decoded first, and so does json-bigint.
 */
function runScenario(scenario: Scenario): ScenarioResult {
	const { text } = scenario;
	const bytes = Buffer.from(text, 'utf8');
	const jsonParse = { name: 'JSON.parse', run: () => JSON.parse(bytes.toString('utf8')) };
	const lossless = { name: 'parseLosslessJson', run: () => parseLosslessJsonBytes(bytes) };

	// Measured in separate pairs: json-bigint's garbage would otherwise be collected in the others' time.
	const versusJsonParse = measureSideBySide([jsonParse, lossless], {
		warmupRounds: 3,
		rounds: scenario.rounds,
	});
	const result: ScenarioResult = {
		jsonParseMs: versusJsonParse.medianMs('JSON.parse', 'wall'),
		losslessMs: versusJsonParse.medianMs('parseLosslessJson', 'wall'),
		losslessVsJsonParse: {
			wall: versusJsonParse.medianRatio('parseLosslessJson', 'JSON.parse', 'wall'),
			cpu: versusJsonParse.medianRatio('parseLosslessJson', 'JSON.parse', 'cpu'),
		},
	};
	if (scenario.withJsonBigint) {
		const rounds = Math.max(9, Math.ceil(scenario.rounds / 3));
		const versusJsonBigint = measureSideBySide(
			[lossless, { name: 'json-bigint', run: () => jsonBigint.parse(bytes.toString('utf8')) }],
			{ warmupRounds: 2, rounds },
		);
		result.jsonBigintMs = versusJsonBigint.medianMs('json-bigint', 'wall');
		result.jsonBigintVsLossless = {
			wall: versusJsonBigint.medianRatio('json-bigint', 'parseLosslessJson', 'wall'),
			cpu: versusJsonBigint.medianRatio('json-bigint', 'parseLosslessJson', 'cpu'),
		};
	}
	return result;
}

function countUnsafeIntegers(text: string): number {
	return (quoteUnsafeIntegersExact(text).length - text.length) / 2;
}

interface Row {
	label: string;
	megabytes: number;
	unsafeIntegers: number;
	result: ScenarioResult;
}

function printTable(rows: Row[]): void {
	const format = (value: number | undefined, digits: number): string =>
		value === undefined ? '-' : value.toFixed(digits);
	const header = [
		'payload',
		'MB',
		'unsafe ints',
		'JSON.parse ms',
		'lossless ms',
		'json-bigint ms',
		'lossless/JSON.parse',
		'(cpu)',
		'json-bigint/lossless',
		'(cpu)',
	];
	const lines = rows.map(({ label, megabytes, unsafeIntegers, result }) => [
		label,
		megabytes.toFixed(2),
		String(unsafeIntegers),
		format(result.jsonParseMs, 2),
		format(result.losslessMs, 2),
		format(result.jsonBigintMs, 1),
		format(result.losslessVsJsonParse.wall, 2),
		format(result.losslessVsJsonParse.cpu, 2),
		format(result.jsonBigintVsLossless?.wall, 1),
		format(result.jsonBigintVsLossless?.cpu, 1),
	]);
	const widths = header.map((title, column) =>
		Math.max(title.length, ...lines.map((line) => line[column].length)),
	);
	for (const line of [header, ...lines])
		console.log(line.map((cell, column) => cell.padStart(widths[column])).join('  '));
}

export async function benchParse(): Promise<Record<string, number>> {
	// Payloads are built right before their scenario, so that earlier ones do not weigh on the heap.
	const scenarios: Array<
		Omit<Scenario, 'text'> & { build: () => string; checkAgainstJsonBigint: boolean }
	> = [
		{
			label: '1 MB dense ids',
			build: () => buildSocialPayload({ targetBytes: 1_000_000, seed: 1 }),
			rounds: 40,
			withJsonBigint: true,
			checkAgainstJsonBigint: true,
		},
		{
			label: '10 MB dense ids',
			build: () => buildSocialPayload({ targetBytes: 10_000_000, seed: 2 }),
			rounds: 9,
			withJsonBigint: true,
			checkAgainstJsonBigint: true,
		},
		{
			label: '1 MB, ids also in "2024, <id>" texts (exact path)',
			build: () => buildSocialPayload({ targetBytes: 1_000_000, seed: 3, idsListedInTexts: true }),
			rounds: 25,
			withJsonBigint: false,
			checkAgainstJsonBigint: true,
		},
		{
			label: '1 MB array of ids only',
			build: () => buildIdArrayPayload({ targetBytes: 1_000_000, seed: 4 }),
			rounds: 25,
			withJsonBigint: true,
			checkAgainstJsonBigint: true,
		},
		{
			label: '1 MB without 64-bit ids',
			// The same records with every 16+ digit run cut to 12 digits: the cost of the check alone.
			build: () =>
				buildSocialPayload({ targetBytes: 1_000_000, seed: 1 }).replace(/\d{16,}/g, (digits) =>
					digits.slice(0, 12),
				),
			rounds: 25,
			withJsonBigint: false,
			checkAgainstJsonBigint: false,
		},
	];
	const rows: Row[] = [];
	for (const { build, checkAgainstJsonBigint, ...settings } of scenarios) {
		const scenario: Scenario = { ...settings, text: build() };
		if (checkAgainstJsonBigint) assertSameAsJsonBigint(scenario.label, scenario.text);
		rows.push({
			label: scenario.label,
			megabytes: scenario.text.length / 1e6,
			unsafeIntegers: countUnsafeIntegers(scenario.text),
			result: runScenario(scenario),
		});
	}
	console.log(
		`Node ${process.version}; from the answer's bytes (as the transport parses); wall-clock medians, ratios: medians of per-round ratios (wall clock, and process CPU time)`,
	);
	printTable(rows);

	const [oneMb, tenMb] = rows.map((row) => row.result);
	const figure = (value: number | undefined): number =>
		Math.round((value ?? Number.NaN) * 100) / 100;
	return {
		parse_vs_json_parse_1mb: figure(oneMb.losslessVsJsonParse.wall),
		parse_vs_json_parse_10mb: figure(tenMb.losslessVsJsonParse.wall),
		json_bigint_vs_parse_1mb: figure(oneMb.jsonBigintVsLossless?.wall),
		json_bigint_vs_parse_10mb: figure(tenMb.jsonBigintVsLossless?.wall),
		parse_vs_json_parse_1mb_cpu: figure(oneMb.losslessVsJsonParse.cpu),
		parse_vs_json_parse_10mb_cpu: figure(tenMb.losslessVsJsonParse.cpu),
		json_bigint_vs_parse_1mb_cpu: figure(oneMb.jsonBigintVsLossless?.cpu),
		json_bigint_vs_parse_10mb_cpu: figure(tenMb.jsonBigintVsLossless?.cpu),
	};
}
