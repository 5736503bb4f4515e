import type { IExecuteFunctions, INode } from 'n8n-workflow';
import type {
	AllItemsOperation,
	ExecutionOperation,
	ItemOperation,
	WholeInputOperation,
} from '../../../nodes/shared/execution';
import { InputError, runOperation } from '../../../nodes/shared/execution';
import type { GatewayCredentials } from '../../../nodes/shared/transport/credentials';

const NODE = { name: 'Node', type: 'test', typeVersion: 1, parameters: {} } as unknown as INode;
const CREDENTIALS = { apiKey: 'sk-secret' } as GatewayCredentials;

function context(items: number, continueOnFail: boolean): IExecuteFunctions {
	return {
		getInputData: () => Array.from({ length: items }, (_, index) => ({ json: { index } })),
		continueOnFail: () => continueOnFail,
		getNode: () => NODE,
	} as unknown as IExecuteFunctions;
}

const refuseItem1 = (itemIndex: number) => {
	if (itemIndex === 1) throw new InputError('text', 'Field "text" (Text) is required');
	return `plan ${itemIndex}`;
};

const options = { credentialsOf: () => CREDENTIALS };

describe('runOperation', () => {
	it('plans every item before the first run, and runs none when an item is refused', async () => {
		const steps: string[] = [];
		const operation: ItemOperation<string> = {
			endpoint: 'test',
			plan: (itemIndex) => {
				steps.push(`plan ${itemIndex}`);
				return refuseItem1(itemIndex);
			},
			run: async (plan) => {
				steps.push(`run ${plan}`);
				return [{ json: {} }];
			},
		};
		await expect(runOperation(context(3, false), operation, options)).rejects.toThrow(
			'Field "text" (Text) is required (item 1)',
		);
		expect(steps).toEqual(['plan 0', 'plan 1', 'plan 2']);
	});

	it('an all-items operation gets the plans that passed; a refused item is its own error item', async () => {
		const given: unknown[] = [];
		const operation: AllItemsOperation<string> = {
			kind: 'allItems',
			endpoint: 'POST /all',
			plan: refuseItem1,
			runAll: async (planned) => {
				given.push(...planned);
				return planned.map(({ plan }) => [{ json: { plan } }]);
			},
		};
		const output = await runOperation(context(3, true), operation, options);
		expect(given).toEqual([
			{ itemIndex: 0, plan: 'plan 0' },
			{ itemIndex: 2, plan: 'plan 2' },
		]);
		expect(output).toEqual([
			{ json: { plan: 'plan 0' }, pairedItem: { item: 0 } },
			{
				json: expect.objectContaining({
					error: 'Field "text" (Text) is required (item 1)',
					endpoint: 'POST /all',
				}),
				pairedItem: { item: 1 },
			},
			{ json: { plan: 'plan 2' }, pairedItem: { item: 2 } },
		]);
	});

	it('a failed all-items run gives every planned item the same error item under Continue On Fail', async () => {
		const operation: AllItemsOperation<string> = {
			kind: 'allItems',
			endpoint: 'POST /all',
			plan: refuseItem1,
			runAll: async () => {
				throw new Error('The model call failed');
			},
		};
		const output = await runOperation(context(3, true), operation, options);
		expect(output.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 0 }, expect.stringMatching(/^The model call failed/)],
			[{ item: 1 }, 'Field "text" (Text) is required (item 1)'],
			[{ item: 2 }, expect.stringMatching(/^The model call failed/)],
		]);
		await expect(
			runOperation(context(3, false), { ...operation, plan: () => '' }, options),
		).rejects.toThrow('The model call failed');
	});

	it('an execution-wide check sees every plan that passed and the first of them as the lead, before any run', async () => {
		const steps: string[] = [];
		const operation = (budget: number): ExecutionOperation<string> => ({
			kind: 'perExecution',
			endpoint: 'test',
			plan: refuseItem1,
			start(passed, lead) {
				steps.push(`start ${passed.map((item) => item.itemIndex).join(',')} lead ${lead}`);
				if (passed.length > budget) throw new Error('Over the budget. Nothing was sent');
				return {
					run: async (plan) => {
						steps.push(`run ${plan}`);
						return [{ json: { plan } }];
					},
				};
			},
		});
		// The check stops the node even under Continue On Fail, before anything runs.
		await expect(runOperation(context(3, true), operation(1), options)).rejects.toThrow(
			'Over the budget. Nothing was sent',
		);
		expect(steps).toEqual(['start 0,2 lead plan 0']);
		steps.length = 0;
		const output = await runOperation(context(3, true), operation(2), options);
		expect(steps).toEqual(['start 0,2 lead plan 0', 'run plan 0', 'run plan 2']);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('runs no execution-wide check when no item passed: every item is its error item', async () => {
		const operation: ExecutionOperation<string> = {
			kind: 'perExecution',
			endpoint: 'test',
			plan: () => {
				throw new InputError('text', 'Field "text" (Text) is required');
			},
			start: () => {
				throw new Error('not called');
			},
		};
		const output = await runOperation(context(2, true), operation, options);
		expect(output.map((item) => item.json.error)).toEqual([
			'Field "text" (Text) is required (item 0)',
			'Field "text" (Text) is required (item 1)',
		]);
	});

	it('a whole-input operation without credentials: its output as built, or one error item paired with the refused item', async () => {
		const refusing: WholeInputOperation<undefined> = {
			kind: 'wholeInput',
			endpoint: 'report',
			runWhole: async () => {
				throw new InputError('label', 'Field "label" (label) is wrong').atItem(2);
			},
		};
		const noCredentials = { credentialsOf: () => undefined };
		expect(await runOperation(context(3, true), refusing, noCredentials)).toEqual([
			{
				json: {
					error: 'Field "label" (label) is wrong (item 2)',
					endpoint: 'report',
					status: null,
					serviceMessage: null,
				},
				pairedItem: { item: 2 },
			},
		]);
		await expect(runOperation(context(3, false), refusing, noCredentials)).rejects.toThrow(
			'Field "label" (label) is wrong (item 2)',
		);
		const building: WholeInputOperation<undefined> = {
			kind: 'wholeInput',
			endpoint: 'report',
			runWhole: async () => [{ json: { rows: 3 }, pairedItem: [{ item: 0 }, { item: 1 }] }],
		};
		expect(await runOperation(context(3, false), building, noCredentials)).toEqual([
			{ json: { rows: 3 }, pairedItem: [{ item: 0 }, { item: 1 }] },
		]);
	});
});
