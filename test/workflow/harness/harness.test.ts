import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { INode } from 'n8n-workflow';
import { HarnessFixture } from './fixtures/HarnessFixture.node';
import { binaryBuffer, runNode, runWorkflow, START_NODE_TYPE } from '../../../tools/harness/index';

const FIXTURE_TYPE = 'n8n-nodes-social-gateway.harnessFixture';
const TEST_KEY = 'sk-harness-test-key-0001';
// Advanced Settings on: n8n fills defaults only for the fields the form shows.
const credentials = {
	socialGatewayApi: { apiKey: TEST_KEY, baseUrl: 'http://127.0.0.1:1', advancedSettings: true },
};
const nodeTypes = { [FIXTURE_TYPE]: new HarnessFixture() };

function fixtureNode(name: string, parameters: INode['parameters']): INode {
	return {
		id: name,
		name,
		type: FIXTURE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { socialGatewayApi: { id: 'cred-1', name: 'Test account' } },
	};
}

describe('runNode', () => {
	it('runs the node behind a start node with the items, credentials and parameters given', async () => {
		const result = await runNode({
			node: new HarnessFixture(),
			parameters: { operation: 'writeBinary', label: '={{ $json.name }}' },
			credentials,
			inputItems: [{ json: { name: 'first' } }, { json: { name: 'second' } }],
		});

		expect(result.run.status).toBe('success');
		expect(result.nodeName).toBe('Harness Fixture');
		expect(result.executedNodes).toEqual(['Start', 'Harness Fixture']);
		expect(result.items.map((item) => item.json.label)).toEqual(['first', 'second']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// The credential type's default is filled in for the field the test left out.
		expect(result.items[0].json).toMatchObject({
			baseUrl: 'http://127.0.0.1:1',
			compatVersion: '2023-06-01',
			cancelSignalActive: true,
		});
		// Filesystem binary mode: the item carries a reference, not the bytes.
		expect(result.items[0].binary?.data).toMatchObject({
			fileName: 'note.txt',
			mimeType: 'text/plain',
			bytes: 'first:0'.length,
		});
		expect(result.items[0].binary?.data.id).toMatch(/^filesystem-v2:/);
		expect((await binaryBuffer(result.items[1].binary?.data)).toString()).toBe('second:1');
		expect(result.errorOf()).toBeUndefined();
	});

	it('turns a failing item into an error item when continueOnFail is set', async () => {
		const result = await runNode({
			node: new HarnessFixture(),
			parameters: { operation: 'writeBinary' },
			credentials,
			continueOnFail: true,
			inputItems: [{ json: { id: 1 } }, { json: { id: 2, fail: true } }, { json: { id: 3 } }],
		});

		expect(result.run.status).toBe('success');
		expect(result.items).toHaveLength(3);
		expect(result.items[1]).toEqual({
			json: { error: 'Item 1 is flagged to fail' },
			pairedItem: { item: 1 },
		});
		expect(result.items[2].json).toMatchObject({ id: 3, label: 'fixture' });
		expect(result.items[2].pairedItem).toEqual({ item: 2 });
	});

	it('stops the workflow on a failing item without continueOnFail and reports the error', async () => {
		const result = await runNode({
			node: new HarnessFixture(),
			parameters: { operation: 'writeBinary' },
			credentials,
			inputItems: [{ json: { fail: true } }],
		});

		expect(result.run.status).toBe('error');
		expect(result.items).toEqual([]);
		expect(result.errorOf('Harness Fixture')?.message).toBe('Item 0 is flagged to fail');
		expect(result.errorOf('Harness Fixture')?.name).toBe('NodeOperationError');
		expect(result.errorOf()?.message).toBe('Item 0 is flagged to fail');
		expect(result.errorOf('Start')).toBeUndefined();
	});

	it('fails naming the credential type when the test supplies none', async () => {
		const result = await runNode({ node: new HarnessFixture(), parameters: {}, credentials: {} });

		expect(result.errorOf('Harness Fixture')?.message).toBe(
			'The test gave the harness no credentials of type "socialGatewayApi"',
		);
		expect(result.items).toEqual([]);
	});

	it('records a node with issues (a required parameter left empty) as a failed execution, like n8n', async () => {
		const result = await runNode({
			node: new HarnessFixture(),
			parameters: { operation: 'callEcho', echoUrl: '' },
			credentials,
		});

		expect(result.run.status).toBe('error');
		expect(result.errorOf()?.message).toMatch(/has issues/);
		expect(result.executedNodes).toEqual([]);
	});

	it('puts the execution to wait when the node asks for it', async () => {
		const result = await runNode({
			node: new HarnessFixture(),
			parameters: { operation: 'wait' },
			credentials,
		});

		expect(result.run.status).toBe('waiting');
		expect(result.run.waitTill).toBeInstanceOf(Date);
	});
});

describe('runWorkflow', () => {
	const chain = {
		nodes: [
			{
				id: 's',
				name: 'Start',
				type: START_NODE_TYPE,
				typeVersion: 1,
				position: [0, 0] as [number, number],
				parameters: {},
			},
			fixtureNode('Write', { operation: 'writeBinary', label: '={{ $json.name }}' }),
			fixtureNode('Read', { operation: 'readBinary' }),
		],
		connections: {
			Start: { main: [[{ node: 'Write', type: 'main' as const, index: 0 }]] },
			Write: { main: [[{ node: 'Read', type: 'main' as const, index: 0 }]] },
		},
	};

	it('passes a binary written by one node to the next, which reads it back through the binary data service', async () => {
		const result = await runWorkflow({
			workflow: chain,
			nodeTypes,
			credentials,
			inputItems: [{ json: { name: 'a' } }, { json: { name: 'b' } }],
		});

		expect(result.run.status).toBe('success');
		expect(result.executedNodes).toEqual(['Start', 'Write', 'Read']);
		expect(result.outputOf('Read')).toEqual([
			{ json: { text: 'a:0', fileName: 'note.txt', storedById: true }, pairedItem: { item: 0 } },
			{ json: { text: 'b:1', fileName: 'note.txt', storedById: true }, pairedItem: { item: 1 } },
		]);
		expect(result.outputOf('Start')).toHaveLength(2);
	});

	it('leaves the caller’s workflow object untouched', async () => {
		const before = JSON.stringify(chain);
		await runWorkflow({ workflow: chain, nodeTypes, credentials });

		expect(JSON.stringify(chain)).toBe(before);
	});

	it('runs a workflow JSON file exported from n8n, starting at its manual trigger', async () => {
		const result = await runWorkflow({
			workflow: join(__dirname, 'fixtures', 'write-then-read.workflow.json'),
			nodeTypes,
			credentials,
		});

		expect(result.executedNodes).toEqual([
			"When clicking 'Execute workflow'",
			'Write note',
			'Read note',
		]);
		expect(result.outputOf('Read note')).toEqual([
			{
				json: { text: 'manual:0', fileName: 'note.txt', storedById: true },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('starts at the named node and feeds it the input items', async () => {
		const result = await runWorkflow({
			workflow: chain,
			nodeTypes,
			credentials,
			startNode: 'Write',
			inputItems: [{ json: { name: 'direct' } }],
		});

		expect(result.executedNodes).toEqual(['Write', 'Read']);
		expect(result.outputOf('Read')[0].json.text).toBe('direct:0');
		expect(() => result.outputOf('Start')).toThrow(/did not run/);
	});

	it('captures what nodes log, per run', async () => {
		const result = await runWorkflow({
			workflow: chain,
			nodeTypes,
			credentials,
			inputItems: [{ json: { name: 'logged' } }],
		});

		const infoLines = result.logs.filter((line) => line.level === 'info').map((line) => line.text);
		expect(infoLines).toEqual([expect.stringMatching(/^Harness fixture wrote item 0 .*logged/)]);
		expect(JSON.stringify(result.logs)).not.toContain(TEST_KEY);
	});

	it('refuses a workflow with a node type it was not given', async () => {
		const workflow = {
			nodes: [{ ...fixtureNode('Ghost', {}), type: 'n8n-nodes-base.httpRequest' }],
			connections: {},
		};

		await expect(runWorkflow({ workflow, nodeTypes, credentials })).rejects.toThrow(
			/Unknown node type "n8n-nodes-base.httpRequest"/,
		);
	});

	describe('against a local HTTP server', () => {
		let server: Server;
		let echoUrl: string;

		beforeAll(async () => {
			server = createServer((request, response) => {
				response.setHeader('content-type', 'application/json');
				response.end(
					JSON.stringify({
						path: request.url,
						bearerMatches: request.headers.authorization === `Bearer ${TEST_KEY}`,
					}),
				);
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			echoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`;
		});

		afterAll(async () => {
			await new Promise((resolve) => server.close(resolve));
		});

		it('applies the credential type’s generic authenticate to httpRequestWithAuthentication', async () => {
			const result = await runNode({
				node: new HarnessFixture(),
				parameters: { operation: 'callEcho', echoUrl },
				credentials,
			});

			expect(result.errorOf()).toBeUndefined();
			expect(result.items).toEqual([
				{ json: { path: '/echo', bearerMatches: true }, pairedItem: { item: 0 } },
			]);
		});
	});
});
