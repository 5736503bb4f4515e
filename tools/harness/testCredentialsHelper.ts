import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, isExpression } from 'n8n-workflow';

/**
 * Hands nodes the decrypted credentials a test supplied, by credential type, with what n8n's own
 * helper adds: the type's defaults for fields left out, and `authenticate` (function or generic
 * `={{$credentials.x}}` form) for `httpRequestWithAuthentication`. No database, no encryption.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly credentialsByType: Record<string, ICredentialDataDecryptedObject>;

	constructor(
		credentialsByType: Record<string, ICredentialDataDecryptedObject>,
		private readonly credentialTypes: Map<string, ICredentialType>,
	) {
		super();
		this.credentialsByType = { ...credentialsByType };
	}

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.credentialsByType[type];
		if (!data) {
			throw new Error(`The test gave the harness no credentials of type "${type}"`);
		}
		const credentialType = this.credentialTypes.get(type);
		if (!credentialType) return structuredClone(data);
		// Like n8n: defaults filled in, fields the type doesn't declare dropped.
		const withDefaults = (NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			data as INodeParameters,
			true,
			false,
			null,
			null,
		) ?? {}) as ICredentialDataDecryptedObject;
		if (data.oauthTokenData !== undefined) withDefaults.oauthTokenData = data.oauthTokenData;
		return structuredClone(withDefaults);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = this.credentialTypes.get(typeName)?.authenticate;
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node)
				throw new Error('Generic credential authentication needs the workflow and the node');
			const resolve = (value: string): string => {
				if (!isExpression(value)) return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved ? String(resolved) : '';
			};
			const target = requestOptions as unknown as Record<
				string,
				Record<string, unknown> | undefined
			>;
			for (const [section, entries] of Object.entries(authenticate.properties)) {
				const resolvedSection = (target[section] ??= {});
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					resolvedSection[resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.credentialTypes.get(type);
		if (!credentialType) return [];
		const inherited = (credentialType.extends ?? []).flatMap((parent) =>
			this.getCredentialsProperties(parent),
		);
		return [...inherited, ...credentialType.properties];
	}

	getParentTypes(name: string): string[] {
		const parents = this.credentialTypes.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		throw new Error(
			`Stored (encrypted) credentials are not available in the harness (type "${type}")`,
		);
	}

	/** A node refreshing its token (OAuth) sees the new data on its next getCredentials. */
	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.credentialsByType[type] = structuredClone(data);
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.credentialsByType[type] = {
			...this.credentialsByType[type],
			oauthTokenData: structuredClone(data.oauthTokenData),
		};
	}
}
