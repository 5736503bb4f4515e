/** Credential type name of the pack (naming contract in DESIGN.md). */
export const GATEWAY_CREDENTIAL_TYPE = 'socialGatewayApi';

export interface ImportableCredential {
	id: string;
	name: string;
	type: string;
	/** Plain data: `n8n import:credentials` encrypts an object on import. */
	data: Record<string, string | boolean>;
}

/** What the pack's credential holds, as `n8n import:credentials` takes it. */
export type GatewayCredentialData = {
	apiKey: string;
	baseUrl: string;
	modelBaseUrl: string;
	compatVersion: string;
	avatarRoutingValue?: string;
	/** n8n drops a credential's Advanced Settings fields unless this is on. */
	advancedSettings?: boolean;
	interfaceNames?: 'upstream' | 'neutral';
};

export type GatewayImportableCredential = ImportableCredential & { data: GatewayCredentialData };

export interface GatewayCredentialInput {
	gatewayUrl: string;
	apiKey: string;
	/** Address of the chat and messages interfaces; empty means the gateway address. */
	modelUrl?: string;
	compatVersion?: string;
	/** The fixed routing value every Avatar Assets call carries (set once in the credential). */
	avatarRoutingValue?: string;
	/** Advanced Settings › Interface Names; absent leaves the default (the upstream's own names). */
	interfaceNames?: 'upstream' | 'neutral';
	id?: string;
	name?: string;
}

/** Node type prefix of the pack: its nodes all need the credential, even when a file omits it. */
export const PACK_NODE_TYPE_PREFIX = 'n8n-nodes-social-gateway.';

export const DEFAULT_CREDENTIAL_ID = 'e2eGatewayCred01';
export const DEFAULT_CREDENTIAL_NAME = 'Social Gateway (e2e)';

export function gatewayCredential(input: GatewayCredentialInput): GatewayImportableCredential {
	return {
		id: input.id ?? DEFAULT_CREDENTIAL_ID,
		name: input.name ?? DEFAULT_CREDENTIAL_NAME,
		type: GATEWAY_CREDENTIAL_TYPE,
		data: {
			apiKey: input.apiKey,
			baseUrl: input.gatewayUrl,
			modelBaseUrl: input.modelUrl ?? '',
			compatVersion: input.compatVersion ?? '2023-06-01',
			...(input.avatarRoutingValue === undefined
				? {}
				: { avatarRoutingValue: input.avatarRoutingValue }),
			...(input.interfaceNames === undefined
				? {}
				: { advancedSettings: true, interfaceNames: input.interfaceNames }),
		},
	};
}

interface WorkflowNode {
	type?: string;
	credentials?: Record<string, { id?: string | null; name: string }>;
	[key: string]: unknown;
}

export interface WorkflowJson {
	id?: string;
	name?: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

/**
 * Points every node that uses the credential's type (and every node of the pack) at that credential,
 * by id and name, whatever the file referenced before, so any exported workflow runs against it.
 * Returns a new workflow; the input is left unchanged.
 */
export function injectCredential(
	workflow: WorkflowJson,
	credential: ImportableCredential,
): WorkflowJson {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) => {
			const usesType = node.credentials !== undefined && credential.type in node.credentials;
			const isPackNode =
				typeof node.type === 'string' && node.type.startsWith(PACK_NODE_TYPE_PREFIX);
			if (!usesType && !isPackNode) return node;
			return {
				...node,
				credentials: {
					...node.credentials,
					[credential.type]: { id: credential.id, name: credential.name },
				},
			};
		}),
	};
}
