import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { EndpointDescriptor } from '../../nodes/SocialData/descriptor';
import { endpointPath, ENDPOINTS } from '../../nodes/SocialData/descriptor';
import type { Simulator } from '../../simulator';
import { SIMULATOR_API_KEY } from '../../simulator';
import type { BadInputCase } from './support/badInputCases';
import { badInputCases, fieldsOf, PROBLEM_OF_RULE } from './support/badInputCases';
import { runPackNode } from './support/nodeRuns';
import { secretLeaks } from './support/secretScan';
import { isTopLevel, minimalValidInput } from './support/validValues';
import { useSimulator } from '../support/useSimulator';

/**
 * Every rule of every field in the endpoint descriptor, broken once, through the real node in
 * n8n's engine: the run fails before any call, naming the field and the item that was wrong.
 */

const CASES = badInputCases();
/** The 32 endpoints gave 220 cases when this was written; far fewer would mean rules went uncovered. */
const MIN_CASES = 200;
const EXPRESSION = '={{ $json.value }}';

let sim: Simulator;
useSimulator((started) => (sim = started));

const casesRun = new Map<string, number>();

function parametersOf(testCase: BadInputCase): INodeParameters {
	const { endpoint } = testCase;
	if (testCase.route === 'gateway')
		return {
			resource: 'gateway',
			operation: 'run',
			endpointPath: endpointPath(endpoint),
			input: '={{ $json.input }}',
		};
	const parameters: INodeParameters = {
		resource: endpoint.group,
		operation: endpoint.name,
		...(minimalValidInput(endpoint) as INodeParameters),
	};
	const field = endpoint.fields.find((candidate) => candidate.name === testCase.field);
	if (testCase.field === 'additionalInput' || (field && isTopLevel(field)))
		parameters[testCase.field] = EXPRESSION;
	else parameters.options = { [testCase.field]: EXPRESSION };
	return parameters;
}

/** Item 0 is valid, item 1 carries the bad value: the error must blame item 1. */
function inputItemsOf(testCase: BadInputCase): INodeExecutionData[] {
	if (testCase.route === 'gateway') {
		const base = minimalValidInput(testCase.endpoint);
		return [
			{ json: { input: { ...base, [testCase.field]: testCase.goodValue } as IDataObject } },
			{ json: { input: { ...base, [testCase.field]: testCase.value } as IDataObject } },
		];
	}
	return [
		{ json: { value: testCase.goodValue } as IDataObject },
		{ json: { value: testCase.value } as IDataObject },
	];
}

const title = (testCase: BadInputCase) =>
	`${testCase.endpoint.name} › ${testCase.field} › ${testCase.rule}${testCase.route === 'gateway' ? ' (Gateway › Run)' : ''}`;

describe('bad input matrix: every field rule fails locally, naming the field and the item', () => {
	it.each(CASES.map((testCase) => [title(testCase), testCase] as const))(
		'%s',
		async (_, testCase) => {
			const run = await runPackNode(sim, 'socialData', parametersOf(testCase), {
				inputItems: inputItemsOf(testCase),
			});
			const error = run.errorOf();
			expect(run.items).toHaveLength(0);
			expect(error).toBeDefined();
			for (const name of [testCase.field, ...testCase.alsoNamed])
				expect(error!.message).toContain(`"${name}"`);
			expect(error!.message).toMatch(PROBLEM_OF_RULE[testCase.rule]);
			expect(error!.message).toContain('(item 1)');
			expect((error as Error & { context?: { itemIndex?: number } }).context?.itemIndex).toBe(1);
			expect(sim.requests).toHaveLength(0);
			expect(sim.ledger.entries).toHaveLength(0);
			expect(sim.ledger.billedCalls()).toBe(0);
			expect(secretLeaks(run, SIMULATOR_API_KEY)).toEqual([]);
			casesRun.set(testCase.rule, (casesRun.get(testCase.rule) ?? 0) + 1);
		},
	);

	it(`generated at least ${MIN_CASES} cases from the descriptor, covering every field of every endpoint`, () => {
		expect(CASES.length).toBeGreaterThanOrEqual(MIN_CASES);
		for (const endpoint of ENDPOINTS) {
			const covered = new Set(
				CASES.filter((testCase) => testCase.endpoint === endpoint).map(
					(testCase) => testCase.field,
				),
			);
			for (const field of fieldsOf(endpoint))
				expect(
					`${endpoint.name}.${covered.has(field.name) ? field.name : 'MISSING ' + field.name}`,
				).toBe(`${endpoint.name}.${field.name}`);
		}
		const ran = [...casesRun.values()].reduce((sum, count) => sum + count, 0);
		expect(ran).toBe(CASES.length);
		const byRule = [...casesRun.entries()].map(([rule, count]) => `${rule}: ${count}`).join(', ');
		console.info(`bad input matrix: ${ran} cases over ${ENDPOINTS.length} endpoints (${byRule})`);
	});
});

describe('the case generator', () => {
	it('covers a new endpoint from its descriptor alone: one case per rule it declares', () => {
		const future: EndpointDescriptor = {
			...ENDPOINTS[0],
			name: 'fetch_future_thing',
			raw: true,
			freeFormInput: true,
			batch: undefined,
			fields: [
				{
					name: 'thing_id',
					displayName: 'Thing ID',
					type: 'string',
					required: true,
					bigId: true,
					pattern: '^[0-9]+$',
					description: 'x',
				},
				{
					name: 'code',
					displayName: 'Code',
					type: 'string',
					prefix: 'tc_',
					trimmedLength: { min: 3, max: 8 },
					description: 'x',
				},
				{
					name: 'ids',
					displayName: 'IDs',
					type: 'idList',
					maxItems: 5,
					bigId: true,
					description: 'x',
				},
				{
					name: 'size',
					displayName: 'Size',
					type: 'integer',
					minimum: 1,
					maximum: 9,
					description: 'x',
				},
				{
					name: 'order',
					displayName: 'Order',
					type: 'string',
					allowed: [{ value: 'new', name: 'New', alias: 1 }],
					description: 'x',
				},
			],
		};
		const rules = badInputCases([future]).map(
			(testCase) => `${testCase.field}: ${testCase.rule} (${testCase.route})`,
		);
		expect(rules.sort()).toEqual(
			[
				'thing_id: wrong type (operation)',
				'thing_id: empty (operation)',
				'thing_id: unsafe-number id (operation)',
				'thing_id: bad pattern (operation)',
				'code: wrong type (operation)',
				'code: too long (operation)',
				'code: too short (operation)',
				'code: bad prefix (operation)',
				'ids: wrong type (operation)',
				'ids: too many ids (operation)',
				'ids: unsafe-number id (operation)',
				'size: wrong type (operation)',
				'size: below minimum (operation)',
				'size: above maximum (operation)',
				'order: wrong type (operation)',
				'order: outside its set (operation)',
				'order: unknown alias (operation)',
				'raw: wrong type (operation)',
				'additionalInput: invalid JSON (operation)',
			].sort(),
		);
	});
});
