import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { getGatewayCredentials } from '../../shared/gatewayCredentials';
import { jsonObjectInput } from '../../shared/execution/jsonInput';
import { ADDITIONAL_BODY_FIELD } from '../helpers/callSettings';
import {
	avatarRouting,
	MISSING_ROUTING_VALUE,
	ROUTING_NAME_FIELD,
	ROUTING_VALUE_FIELD,
} from '../helpers/routing';
import { recordsOf } from '../helpers/listPages';
import { AVATAR_TIMEOUT_MS, callAvatar } from '../transport/avatarCall';
import { ASSETS_LIST_PATH, GROUPS_LIST_PATH } from '../transport/paths';

const SEARCH_PAGE_SIZE = 50;

/** The Additional Body Fields of a search, read like the node's (without loss); anything but an object adds nothing. */
function parsedObject(value: unknown): Record<string, unknown> {
	try {
		return jsonObjectInput(ADDITIONAL_BODY_FIELD, value);
	} catch {
		return {};
	}
}

async function searchList(
	context: ILoadOptionsFunctions,
	path: string,
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<INodeListSearchResult> {
	const option = (name: string, fallback: unknown) =>
		context.getNodeParameter(`options.${name}`, fallback);
	const credentials = await getGatewayCredentials(context);
	const routing = avatarRouting(credentials, {
		name: option(ROUTING_NAME_FIELD.name, ''),
		value: option(ROUTING_VALUE_FIELD.name, ''),
	});
	if (!routing.value) throw new NodeOperationError(context.getNode(), MISSING_ROUTING_VALUE);
	const page = Number(paginationToken ?? 1) || 1;
	const answer = await callAvatar(
		{
			credentials,
			routing,
			additionalBodyFields: parsedObject(option('additionalBodyFields', '')),
			timeoutMs: AVATAR_TIMEOUT_MS,
		},
		{
			method: 'POST',
			path,
			body: {
				...(filter ? { Filter: { Name: filter } } : {}),
				PageNumber: page,
				PageSize: SEARCH_PAGE_SIZE,
			},
		},
	);
	const records = recordsOf(answer);
	const results: INodeListSearchItems[] = records
		.filter((record) => record.Id !== undefined && record.Id !== null)
		.map((record) => {
			const id = String(record.Id);
			const label = typeof record.Name === 'string' && record.Name ? record.Name : id;
			const status = typeof record.Status === 'string' ? `, ${record.Status}` : '';
			return { name: label === id ? id : `${label} (${id}${status})`, value: id };
		});
	return {
		results,
		paginationToken: records.length >= SEARCH_PAGE_SIZE ? String(page + 1) : undefined,
	};
}

export async function searchGroups(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchList(this, GROUPS_LIST_PATH, filter, paginationToken);
}

export async function searchAssets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchList(this, ASSETS_LIST_PATH, filter, paginationToken);
}
