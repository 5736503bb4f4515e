import type { ExecutionLifecycleHooks } from 'n8n-core';
import { ExternalSecretsProxy } from 'n8n-core';
import type { ICredentialsHelper, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

function unsupported(feature: string): () => never {
	return () => {
		throw new Error(`${feature} is not supported by the workflow test harness`);
	};
}

const BASE_URL = 'http://localhost:5678/';

/**
 * What n8n's server would give the engine: hooks, credentials and URLs. Sub-workflows, task
 * runners (Code node) and agents are n8n-server features and fail loudly if a node asks for them.
 */
export function buildAdditionalData(options: {
	hooks: ExecutionLifecycleHooks;
	credentialsHelper: ICredentialsHelper;
	executionId: string;
	workflowId: string;
}): IWorkflowExecuteAdditionalData {
	return {
		hooks: options.hooks,
		credentialsHelper: options.credentialsHelper,
		executionId: options.executionId,
		workflowId: options.workflowId,
		currentNodeExecutionIndex: 0,
		currentNodeParameters: undefined,
		variables: {},
		// Without a secrets manager every `$secrets` lookup reports an unknown provider.
		externalSecretsProxy: new ExternalSecretsProxy(),
		restApiUrl: `${BASE_URL}rest`,
		instanceBaseUrl: BASE_URL,
		formBaseUrl: `${BASE_URL}form`,
		formWaitingBaseUrl: `${BASE_URL}form-waiting`,
		formTestBaseUrl: `${BASE_URL}form-test`,
		webhookBaseUrl: `${BASE_URL}webhook`,
		webhookWaitingBaseUrl: `${BASE_URL}webhook-waiting`,
		webhookTestBaseUrl: `${BASE_URL}webhook-test`,
		mcpBaseUrl: `${BASE_URL}mcp`,
		mcpTestBaseUrl: `${BASE_URL}mcp-test`,
		logAiEvent: () => {},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		executeWorkflow: unsupported('Executing a sub-workflow'),
		startRunnerTask: unsupported('A task runner (Code node)'),
	};
}
