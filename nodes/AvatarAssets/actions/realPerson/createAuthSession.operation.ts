import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodeExecutionData,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { jsonItems } from '../../../shared/execution/operation';
import type { GatewayCredentials } from '../../../shared/transport/credentials';
import { GatewayError } from '../../../shared/transport/errors';
import type { AvatarCallPlan } from '../../helpers/callPlan';
import { avatarBody, planAvatarCall, sendPlanned } from '../../helpers/callPlan';
import { absoluteHttpUrl } from '../../../shared/execution/fieldChecks';
import { fullAnswer, resultOf } from '../../helpers/output';
import { tokenFieldOf, tokenIn, withoutToken } from '../../helpers/tokenField';
import { TOKEN_EXPIRES_AT_FIELD, tokenExpiry } from '../../helpers/tokenWindow';
import { endpointOf } from '../../transport/avatarCall';
import { REAL_PERSON_SESSION_PATH } from '../../transport/paths';
import { callOptionsCollection } from '../descriptions';

export const endpoint = endpointOf({ method: 'POST', path: REAL_PERSON_SESSION_PATH });

const properties: INodeProperties[] = [
	{
		displayName: 'Redirect URL',
		name: 'CallbackURL',
		builderHint: {
			propertyHint:
				"Where the authentication page sends the person back: a URL the user gives, e.g. a Webhook node's production URL.",
		},
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://your-app.example.com/auth-done',
		description:
			'Page of yours the browser returns to once the person has finished the authentication (absolute http(s) address)',
	},
	callOptionsCollection('body', [
		{
			displayName: 'H5 Language',
			name: 'Lng',
			type: 'string',
			default: '',
			placeholder: 'e.g. en',
			description: 'Language of the authentication page; empty leaves the service default',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['realPerson'], operation: ['createAuthSession'] } },
	properties,
);

const CALLBACK_URL = { name: 'CallbackURL', displayName: 'Redirect URL' };
const LANGUAGE = { name: 'Lng', displayName: 'H5 Language' };

export function plan(
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: GatewayCredentials,
): AvatarCallPlan {
	const CallbackURL = absoluteHttpUrl(
		CALLBACK_URL,
		this.getNodeParameter(CALLBACK_URL.name, itemIndex),
	);
	const body = avatarBody(this, itemIndex, { CallbackURL }, [LANGUAGE]);
	return planAvatarCall(this, itemIndex, credentials, body);
}

/** The item: the token under the credential's field name (read under either), the link and the expiry. */
export async function run(
	this: IExecuteFunctions,
	plan: AvatarCallPlan,
): Promise<INodeExecutionData[]> {
	const sentAt = Date.now();
	const answer = await sendPlanned(plan, 'POST', REAL_PERSON_SESSION_PATH);
	const result = resultOf(answer);
	const field = tokenFieldOf(plan.settings.credentials);
	const token = tokenIn(result, field) ?? tokenIn(answer as IDataObject, field);
	if (typeof token !== 'string') {
		throw new GatewayError(
			`The answer to ${endpoint} carries no real-person token (Result.${field})`,
			{ kind: 'invalid-response', endpoint },
		);
	}
	const h5Link = result.H5Link ?? answer.H5Link;
	const session: IDataObject = {
		...withoutToken(result),
		[field]: token,
		H5Link: h5Link ?? null,
		[TOKEN_EXPIRES_AT_FIELD]: tokenExpiry(sentAt),
	};
	return jsonItems([plan.fullResponse ? { ...fullAnswer(answer), ...session } : session]);
}
