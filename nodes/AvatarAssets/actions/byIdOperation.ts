import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import type { ItemOperation } from '../../shared/execution/operation';
import { jsonItems } from '../../shared/execution/operation';
import type { GatewayCredentials } from '../../shared/transport/credentials';
import { avatarCallSettings, wantsFullResponse } from '../helpers/callSettings';
import type { FieldRef } from '../../shared/execution/inputError';
import { outputOf } from '../helpers/output';
import { givenTextOptions } from '../helpers/params';
import type { AvatarCallSettings } from '../transport/avatarCall';
import { callAvatar, endpointOf } from '../transport/avatarCall';
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

export interface ByIdPlan {
	id: string;
	body?: Record<string, unknown>;
	settings: AvatarCallSettings;
	fullResponse: boolean;
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
			const body = sendsBody
				? { Id: id, ...givenTextOptions(this, itemIndex, updatableFields) }
				: undefined;
			const settings = avatarCallSettings(this, itemIndex, credentials);
			return { id, body, settings, fullResponse: wantsFullResponse(this, itemIndex) };
		},
		async run(this: IExecuteFunctions, { id, body, settings, fullResponse }: ByIdPlan) {
			const answer = await callAvatar(settings, { method, path: records.pathOf(id), body });
			return jsonItems([output(id, outputOf(answer, fullResponse))]);
		},
	};
}
