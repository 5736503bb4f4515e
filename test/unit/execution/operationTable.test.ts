import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { chosenOperation, executionScoped } from '../../../nodes/shared/execution';

const NODE = { name: 'Node', type: 'test', typeVersion: 1, parameters: {} } as unknown as INode;

/** A node context whose parameters are `parameters`; a missing one gives the fallback, as n8n does. */
function context(parameters: Record<string, string>): IExecuteFunctions {
	return {
		getNode: () => NODE,
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) => {
			if (name in parameters) return parameters[name];
			if (fallback === undefined) throw new Error(`Could not get parameter "${name}"`);
			return fallback;
		},
	} as unknown as IExecuteFunctions;
}

describe('chosenOperation', () => {
	const table = { text: { generate: 'text.generate' }, image: { edit: 'image.edit' } };

	it('looks the resource and operation of the node up in its table', () => {
		expect(chosenOperation(context({ resource: 'image', operation: 'edit' }), table)).toBe(
			'image.edit',
		);
	});

	it('a node without a Resource parameter has the only resource of its table', () => {
		const oneResource = { report: { buildAlert: 'alert', buildReport: 'report' } };
		expect(chosenOperation(context({ operation: 'buildReport' }), oneResource)).toBe('report');
		expect(() => chosenOperation(context({ operation: 'buildReport' }), table)).toThrow(/resource/);
	});

	it('refuses an operation the table does not hold, naming it', () => {
		expect(() => chosenOperation(context({ resource: 'text', operation: 'edit' }), table)).toThrow(
			'The operation "edit" of "text" is not supported',
		);
	});
});

describe('executionScoped', () => {
	it('makes the value once per execution context and anew for the next execution', () => {
		let made = 0;
		const valueOf = executionScoped(() => ({ made: ++made }));
		const first = context({});
		const second = context({});
		expect(valueOf(first)).toBe(valueOf(first));
		expect(valueOf(second)).not.toBe(valueOf(first));
		expect(made).toBe(2);
	});
});
