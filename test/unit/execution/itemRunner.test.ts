import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	InputError,
	SpendingLimitReached,
	planEveryItem,
	runItems,
} from '../../../nodes/shared/execution';
import { GatewayError } from '../../../nodes/shared/transport/errors';

const NODE = { name: 'Node', type: 'test', typeVersion: 1, parameters: {} } as unknown as INode;

/** The parts of n8n's context the runner reads: input items and Continue On Fail. */
function context(items: number, continueOnFail: boolean): IExecuteFunctions {
	return {
		getInputData: () => Array.from({ length: items }, (_, index) => ({ json: { index } })),
		continueOnFail: () => continueOnFail,
		getNode: () => NODE,
	} as unknown as IExecuteFunctions;
}

const wait = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('runItems', () => {
	it('keeps the input order under concurrency and pairs every output item with its input', async () => {
		const output = await runItems(
			context(4, false),
			async (itemIndex) => {
				await wait(10 * (4 - itemIndex));
				return [{ json: { itemIndex } }];
			},
			{ endpoint: 'test', concurrency: 3 },
		);
		expect(output).toEqual(
			[0, 1, 2, 3].map((itemIndex) => ({ json: { itemIndex }, pairedItem: { item: itemIndex } })),
		);
	});

	it('under Continue On Fail turns a failure into an error item naming the endpoint', async () => {
		const output = await runItems(
			context(2, true),
			async (itemIndex) => {
				if (itemIndex === 0)
					throw new InputError('keyword', 'Field "keyword" (Keyword) is required');
				throw new GatewayError('Not found', { kind: 'http', status: 404, endpoint: 'GET /x' });
			},
			{ endpoint: (itemIndex) => `endpoint ${itemIndex}`, errorDetails: () => ({ extra: 1 }) },
		);
		expect(output).toEqual([
			{
				json: {
					error: 'Field "keyword" (Keyword) is required (item 0)',
					endpoint: 'endpoint 0',
					status: null,
					serviceMessage: null,
					extra: 1,
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					error: 'Not found',
					endpoint: 'GET /x',
					status: 404,
					serviceMessage: null,
					extra: 1,
				},
				pairedItem: { item: 1 },
			},
		]);
	});

	it('without Continue On Fail stops at the first failure and sends no later item', async () => {
		const started: number[] = [];
		const error = await runItems(
			context(3, false),
			async (itemIndex) => {
				started.push(itemIndex);
				throw new Error(`failed with key sk-secret at ${itemIndex}`);
			},
			{ endpoint: 'test', apiKey: 'sk-secret' },
		).catch((failure: Error) => failure);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toMatch(/^failed with key .+ at 0$/);
		expect((error as Error).message).not.toContain('sk-secret');
		expect(started).toEqual([0]);
	});

	it('a spending limit before anything was paid stops the node, even under Continue On Fail', async () => {
		const error = runItems(
			context(2, true),
			async () => {
				throw new SpendingLimitReached('Credit budget exceeded');
			},
			{ endpoint: 'test', paid: () => false },
		);
		await expect(error).rejects.toBeInstanceOf(NodeOperationError);
		await expect(error).rejects.toThrow('Credit budget exceeded');
	});

	it('a spending limit after paid calls keeps what was paid, sends no later item and says where it stopped', async () => {
		const hints: string[] = [];
		const started: number[] = [];
		const limited = {
			...context(4, false),
			addExecutionHints: (...given: Array<{ message: string }>) =>
				hints.push(...given.map((hint) => hint.message)),
		} as unknown as IExecuteFunctions;
		const output = await runItems(
			limited,
			async (itemIndex) => {
				started.push(itemIndex);
				if (itemIndex === 1) {
					const limit = new SpendingLimitReached('Budget spent.');
					limit.partial = { output: [{ json: { paid: 'part' } }], kept: 'its paid part is kept' };
					throw limit;
				}
				return [{ json: { paid: itemIndex } }];
			},
			{ endpoint: 'test', paid: () => true },
		);
		expect(started).toEqual([0, 1]);
		expect(output).toEqual([
			{ json: { paid: 0 }, pairedItem: { item: 0 } },
			{ json: { paid: 'part' }, pairedItem: { item: 1 } },
		]);
		expect(hints).toEqual([
			'Stopped within item 2 of 4: its paid part is kept and the items after it were not sent. Budget spent.',
		]);
	});
});

describe('InputError', () => {
	it('words a refusal one way and adds the item once', () => {
		const error = InputError.about({ name: 'limit', displayName: 'Limit' }, 'must be at least 1');
		expect(error.atItem(2).message).toBe('Field "limit" (Limit) must be at least 1 (item 2)');
		expect(error.atItem(2).atItem(3).message).toBe(
			'Field "limit" (Limit) must be at least 1 (item 2)',
		);
	});
});

describe('planEveryItem', () => {
	it('refuses the first bad item before anything runs, unless Continue On Fail', async () => {
		const plan = async (itemIndex: number) => {
			if (itemIndex === 1) throw new InputError('id', 'Field "id" (ID) is required');
			return itemIndex;
		};
		await expect(planEveryItem(context(3, false), plan)).rejects.toThrow(
			'Field "id" (ID) is required (item 1)',
		);
		const planned = await planEveryItem(context(3, true), plan);
		expect(planned.map((item) => item.ok)).toEqual([true, false, true]);
	});
});
