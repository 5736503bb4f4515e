import type { ICredentialType } from 'n8n-workflow';
import { SocialGatewayApi } from '../../credentials/SocialGatewayApi.credentials';

/** This package's credential types, always known to the harness. */
const PACKAGE_CREDENTIAL_TYPES: ICredentialType[] = [new SocialGatewayApi()];

export function credentialTypeMap(extra: ICredentialType[] = []): Map<string, ICredentialType> {
	return new Map([...PACKAGE_CREDENTIAL_TYPES, ...extra].map((type) => [type.name, type]));
}
