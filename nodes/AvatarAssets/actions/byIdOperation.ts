import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { ItemOperation } from '../../shared/execution/operation';
import { jsonItems } from '../../shared/execution/operation';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import type { AvatarCallPlan } from '../helpers/callPlan';
import { avatarBody, planAvatarCall, sendPlanned } from '../helpers/callPlan';
import type { FieldRef } from '../../shared/execution/inputError';
import { outputOf } from '../helpers/output';
import { endpointOf } from '../transport/avatarCall';
import { callOptionsCollection } from './descriptions';
import type { RecordKind } from './records';
import { recordIdOf, recordLocator } from './records';

/** Get, update and delete of one group or asset: the same call on `<collection>/{id}`, each with its own output. */
const BY_ID = {
	get: { method: 'GET', output: (_id: string, result: IDataObject) => result },
	update: { method: 'PATCH', output: (id: string, result: IDataObject) => ({ Id: id, ...result }) },
	delete: {
		method: 'DELETE',
		output: (id: string, result: IDataObject) => ({ Id: id, deleted: true, ...result }),
	},
} as const;

export interface UpdatableField extends FieldRef {
	description: string;
}

export interface ByIdOperationSpec {
	records: RecordKind;
	operation: keyof typeof BY_ID;
	locatorDescription: string;
	/** For update: the text fields it changes, each sent only when given. */
	updatableFields?: UpdatableField[];
}

export interface ByIdPlan extends AvatarCallPlan {
	id: string;
}

export interface ByIdOperation extends ItemOperation<ByIdPlan> {
	description: INodeProperties[];
}

export function byIdOperation({
	records,
	operation,
	locatorDescription,
	updatableFields = [],
}: ByIdOperationSpec): ByIdOperation {
	const { method, output } = BY_ID[operation];
	const sendsBody = method === 'PATCH';
	const ownOptions: INodeProperties[] = updatableFields.map(
		({ displayName, name, description }) => ({
			displayName,
			name,
			type: 'string',
			default: '',
			description,
		}),
	);
	const properties = [
		recordLocator(records, locatorDescription),
		callOptionsCollection(sendsBody ? 'body' : 'path', ownOptions),
	];
	return {
		endpoint: endpointOf({ method, path: `${records.collectionPath}/{id}` }),
		description: updateDisplayOptions(
			{ show: { resource: [records.resource], operation: [operation] } },
			properties,
		),
		plan(this: IExecuteFunctions, itemIndex: number, credentials: GatewayCredentials): ByIdPlan {
			const id = recordIdOf(this, itemIndex, records);
			// The spec wants the body's Id equal to the path id.
			const body = sendsBody ? avatarBody(this, itemIndex, { Id: id }, updatableFields) : undefined;
			return { id, ...planAvatarCall(this, itemIndex, credentials, body) };
		},
		async run(this: IExecuteFunctions, plan: ByIdPlan) {
			const answer = await sendPlanned(plan, method, records.pathOf(plan.id));
			return jsonItems([output(plan.id, outputOf(answer, plan.fullResponse))]);
		},
	};
}
