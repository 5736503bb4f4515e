import type { IExecuteFunctions, INodeProperties, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { jsonItems } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import type { AvatarCallPlan } from '../../helpers/callPlan';
import { planAvatarCall, sendPlanned } from '../../helpers/callPlan';
import { invalid, optionalText, requiredText } from '../../../shared/execution/fieldChecks';
import { outputOf, resultOf } from '../../helpers/output';
import { optionOf } from '../../helpers/params';
import { msPastExpiry, TOKEN_EXPIRES_AT_FIELD, TOKEN_LIFETIME_MS } from '../../helpers/tokenWindow';
import { otherTokenField, tokenFieldOf, tokenIn } from '../../helpers/tokenField';
import { GatewayError } from '../../../shared/transport/errors';
import { endpointOf } from '../../transport/avatarCall';
import { REAL_PERSON_GROUP_PATH } from '../../transport/paths';
import { callOptionsCollection } from '../descriptions';

export const endpoint = endpointOf({ method: 'POST', path: REAL_PERSON_GROUP_PATH });

const EXPIRY_FIELD = { name: 'tokenExpiresAt', displayName: 'Token Expires At' };
const TOKEN = { name: 'AvatarToken', displayName: 'Real-Person Token' };

const properties: INodeProperties[] = [
	{
		// The name stays `AvatarToken` (workflows store it); the wire field is the credential's.
		displayName: 'Real-Person Token',
		name: TOKEN.name,
		builderHint: {
			propertyHint:
				'The token Create Auth Session returned (its BytedToken, or AvatarToken with neutral interface names), read with an expression; it expires 120 seconds after the session was created.',
		},
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '={{ $json.BytedToken ?? $json.AvatarToken }}',
		description:
			'The token of a "Create Auth Session" item (BytedToken; AvatarToken when the credential uses the neutral interface names); it must be exchanged within 120 seconds of that session',
	},
	callOptionsCollection('body', [
		{
			displayName: 'Token Expires At',
			name: EXPIRY_FIELD.name,
			type: 'string',
			default: '',
			placeholder: 'e.g. {{ $json.TokenExpiresAt }}',
			description:
				'When the token stops being usable. Empty: taken from the input item when that item is the session the token comes from.',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['realPerson'], operation: ['tokenToGroup'] } },
	properties,
);

/** The expiry the user gave, or the one of the input item when it is the token's own session item. */
function expiryOf(
	context: IExecuteFunctions,
	itemIndex: number,
	token: string,
	field: string,
): string | undefined {
	const given = optionalText(EXPIRY_FIELD, optionOf(context, itemIndex, EXPIRY_FIELD.name, ''));
	if (given !== undefined) {
		if (msPastExpiry(given, 0) === undefined)
			invalid(EXPIRY_FIELD, `must be a date and time; got "${given}"`);
		return given;
	}
	const item = context.getInputData()[itemIndex]?.json ?? {};
	const fromItem = item[TOKEN_EXPIRES_AT_FIELD];
	return tokenIn(item, field) === token && typeof fromItem === 'string' ? fromItem : undefined;
}

/** An expired token is refused here too: the exchange could only fail. */
export function plan(
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): AvatarCallPlan {
	const token = requiredText(TOKEN, this.getNodeParameter(TOKEN.name, itemIndex));
	const field = tokenFieldOf(credentials);
	const expiresAt = expiryOf(this, itemIndex, token, field);
	const late = expiresAt === undefined ? undefined : msPastExpiry(expiresAt, Date.now());
	if (late !== undefined && late >= 0) {
		throw new NodeOperationError(
			this.getNode(),
			`The real-person token expired at ${new Date(Date.parse(expiresAt!)).toISOString()} (${Math.round(late / 1000)} s ago); start a new auth session and exchange its token within ${TOKEN_LIFETIME_MS / 1000} s (item ${itemIndex})`,
			{
				itemIndex,
				description: `Tokens are usable for ${TOKEN_LIFETIME_MS / 1000} seconds after "Create Auth Session". Run that operation again and connect it directly to "Token to Group", without waiting steps in between.`,
			},
		);
	}
	return planAvatarCall(this, itemIndex, credentials, { [field]: token });
}

/** A refusal that names the other vocabulary's token field: the credential's Interface Names do not match the service. */
function withNamesHint(error: unknown, field: string): unknown {
	const other = otherTokenField(field);
	if (!(error instanceof GatewayError) || !other) return error;
	if (!error.details.serviceMessage?.includes(other)) return error;
	return new GatewayError(
		`${error.message}. The service names the token ${other}, not ${field}: set Interface Names in the credential's Advanced Settings to match the service`,
		error.details,
	);
}

export async function run(
	this: IExecuteFunctions,
	plan: AvatarCallPlan,
): Promise<INodeExecutionData[]> {
	const field = tokenFieldOf(plan.settings.credentials);
	const answer = await sendPlanned(plan, 'POST', REAL_PERSON_GROUP_PATH).catch((error) => {
		throw withNamesHint(error, field);
	});
	const result = resultOf(answer);
	const groupId = result.GroupId ?? result.Id;
	if (typeof groupId !== 'string' || groupId === '') {
		throw new GatewayError(
			`The answer to ${endpoint} carries no group id (Result.Id or Result.GroupId)`,
			{ kind: 'invalid-response', endpoint },
		);
	}
	return jsonItems([{ ...outputOf(answer, plan.fullResponse), GroupId: groupId }]);
}
