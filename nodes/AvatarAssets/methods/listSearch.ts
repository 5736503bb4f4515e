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
import type { Paging } from '../helpers/listPages';
import { nextPagingOf, recordsOf } from '../helpers/listPages';
import { AVATAR_TIMEOUT_MS, callAvatar, endpointOf } from '../transport/avatarCall';
import { ASSETS_LIST_PATH, GROUPS_LIST_PATH } from '../transport/paths';

const SEARCH_PAGE_SIZE = 50;

/** n8n hands back the pagination token it was given: here, the next page's paging as JSON. */
const tokenOf = (paging: Paging | undefined) => (paging ? JSON.stringify(paging) : undefined);

function pagingOf(paginationToken: string | undefined): Paging {
	try {
		const paging = JSON.parse(paginationToken ?? '') as Paging;
		if (typeof paging === 'object' && paging !== null) return paging;
	} catch {
		// the first page
	}
	return { MaxResults: SEARCH_PAGE_SIZE };
}

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
	const paging = pagingOf(paginationToken);
	const request = { method: 'POST', path } as const;
	const answer = await callAvatar(
		{
			credentials,
			routing,
			additionalBodyFields: parsedObject(option('additionalBodyFields', '')),
			timeoutMs: AVATAR_TIMEOUT_MS,
		},
		{ ...request, body: { ...(filter ? { Filter: { Name: filter } } : {}), ...paging } },
	);
	const records = recordsOf(answer, endpointOf(request));
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
		paginationToken: tokenOf(nextPagingOf(answer, paging, records.length, records.length)),
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
