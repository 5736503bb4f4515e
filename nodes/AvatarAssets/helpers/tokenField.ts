import type { IDataObject } from 'n8n-workflow';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import { REAL_PERSON_TOKEN_FIELD } from '../../shared/transport/wireNames';

/**
 * The real-person token's field, as the credential's Interface Names say: `BytedToken` (the
 * service's own name, default) or `AvatarToken` (the interface document's neutral word).
 */
export function tokenFieldOf(credentials: Pick<GatewayCredentials, 'interfaceNames'>): string {
	return REAL_PERSON_TOKEN_FIELD[credentials.interfaceNames ?? 'upstream'];
}

const TOKEN_FIELDS = Object.values(REAL_PERSON_TOKEN_FIELD);

/** The token a record holds under either name, the credential's first. */
export function tokenIn(record: IDataObject, preferred: string): unknown {
	for (const field of [preferred, ...TOKEN_FIELDS]) {
		if (typeof record[field] === 'string' && record[field] !== '') return record[field];
	}
	return undefined;
}

/** The record without its token, under either name. */
export function withoutToken(record: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(record).filter(([key]) => !TOKEN_FIELDS.includes(key)),
	) as IDataObject;
}

/** The other vocabulary's name of the token, for the hint when the service refuses ours. */
export function otherTokenField(field: string): string | undefined {
	return TOKEN_FIELDS.find((name) => name !== field);
}
