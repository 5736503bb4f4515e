import { nodeItems } from '../../tools/n8n/n8nOutput';
import { packProject } from '../../tools/n8n/installPack';
import { failureReport, runWorkflow, type WorkflowRunResult } from '../../tools/n8n/workflowRunner';
import { SIMULATOR_API_KEY, type Simulator } from '../../simulator';
import { useSimulator } from '../support/useSimulator';

// The pack's credential used by n8n's own HTTP Request node ("Predefined Credential Type"), in a real n8n.

let sim: Simulator;
let result: WorkflowRunResult;

useSimulator((started) => (sim = started), { reset: 'never' });
beforeAll(async () => {
	const packTarball = await packProject({ build: true, copyFirst: true });
	const credential = { socialGatewayApi: { id: 'placeholder', name: 'placeholder' } };
	result = await runWorkflow({
		workflow: {
			name: 'HTTP Request with the Social Gateway credential',
			nodes: [
				{
					id: 't',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'h',
					name: 'List Models',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position: [220, 0],
					parameters: {
						url: `${sim.url}/v1/models`,
						authentication: 'predefinedCredentialType',
						nodeCredentialType: 'socialGatewayApi',
						options: {},
					},
					credentials: credential,
				},
			],
			connections: { Start: { main: [[{ node: 'List Models', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		},
		gatewayUrl: sim.url,
		apiKey: SIMULATOR_API_KEY,
		packTarball,
	});
}, 15 * 60_000);

it("authenticates n8n's HTTP Request node with the Bearer key", () => {
	if (!result.ok) throw new Error(failureReport(result));
	const [item] = nodeItems(result.output, 'List Models');
	expect(item.json).toMatchObject({ object: 'list' });
	expect((item.json.data as unknown[]).length).toBeGreaterThan(0);
	const call = sim.requests.find((request) => request.path === '/v1/models');
	expect(call?.headers.authorization).toBe(`Bearer ${SIMULATOR_API_KEY}`);
	expect(JSON.stringify(result.output)).not.toContain(SIMULATOR_API_KEY);
});
