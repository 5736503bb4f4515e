import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { FieldRef } from '../../shared/execution/inputError';
import { requiredText } from '../../shared/execution/fieldChecks';
import { locatorValue } from '../helpers/params';
import { ASSETS_PATH, assetPath, GROUPS_PATH, groupPath } from '../transport/paths';

/** The two kinds of avatar records addressed by id: where they live and how a workflow names one. */
export interface RecordKind {
	resource: 'asset' | 'group';
	/** The resource-locator parameter holding the id. */
	idField: FieldRef;
	searchListMethod: 'searchAssets' | 'searchGroups';
	idPlaceholder: string;
	collectionPath: string;
	pathOf(id: string): string;
}

export const ASSETS: RecordKind = {
	resource: 'asset',
	idField: { name: 'AssetId', displayName: 'Asset' },
	searchListMethod: 'searchAssets',
	idPlaceholder: 'e.g. asset-20250601120000-xy98z',
	collectionPath: ASSETS_PATH,
	pathOf: assetPath,
};

export const GROUPS: RecordKind = {
	resource: 'group',
	idField: { name: 'GroupId', displayName: 'Group' },
	searchListMethod: 'searchGroups',
	idPlaceholder: 'e.g. group-20250601120000-ab12c',
	collectionPath: GROUPS_PATH,
	pathOf: groupPath,
};

/** The required resource locator of one record: a searchable list, or an id typed in. */
export function recordLocator(kind: RecordKind, description: string): INodeProperties {
	return {
		displayName: kind.idField.displayName,
		name: kind.idField.name,
		builderHint: {
			propertyHint:
				'The id as a string, from the list, an earlier List or Create result (e.g. an expression reading its id), or given by the user.',
		},
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: kind.searchListMethod, searchable: true },
			},
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: kind.idPlaceholder },
		],
	};
}

/** The id chosen in the record's resource locator, whatever its mode; refused when empty. */
export function recordIdOf(
	context: IExecuteFunctions,
	itemIndex: number,
	kind: RecordKind,
): string {
	return requiredText(kind.idField, locatorValue(context, itemIndex, kind.idField.name));
}
