import type { HttpRoute } from '../types';
import { invalidParameter, notFound } from './answers';
import { groupOf } from './groups';
import { filterOf, nameMatches, optionalString, pageOf, sortBy, stringList } from './listing';
import { planFor, settle } from './processing';
import type { AvatarCall } from './route';
import { avatarRoute } from './route';
import type { AssetRecord, AssetStatus } from './store';
import { newId, PROJECT_NAME, secondsAt } from './store';

const ASSETS = '/v1/private-avatar/assets';
const STATUSES: readonly AssetStatus[] = ['Processing', 'Active', 'Failed'];
const SORT_FIELDS = [
	'Id',
	'Name',
	'Status',
	'GroupId',
	'AssetType',
	'URL',
	'CreateTime',
	'UpdateTime',
] as const;

function requiredString(body: Record<string, unknown>, key: string): string {
	const value = body[key];
	if (typeof value !== 'string' || value.trim() === '')
		throw invalidParameter(`${key} is required and must be a non-empty string`);
	return value;
}

function publicUrl(text: string): URL {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw invalidParameter(`URL must be an absolute, publicly reachable address; got "${text}"`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw invalidParameter(`URL must use http or https; got "${text}"`);
	return url;
}

/** The asset with its processing brought up to date; `poll` counts a status request. */
function assetOf({ store, ctx }: AvatarCall, id: string, poll: boolean): AssetRecord {
	const record = store.assets.get(id);
	if (!record) throw notFound('asset', id);
	settle(record, ctx.clock.now(), poll, secondsAt(ctx.clock));
	return record;
}

export const assetRoutes: HttpRoute[] = [
	avatarRoute('POST', ASSETS, 'CreateAsset', (call) => {
		const { body, store, ctx } = call;
		const groupId = requiredString(body, 'GroupId');
		const urlText = requiredString(body, 'URL');
		const url = publicUrl(urlText);
		const assetType = requiredString(body, 'AssetType');
		const name = optionalString(body, 'Name') ?? '';
		groupOf(call, groupId);
		const plan = planFor(store, url);
		const now = secondsAt(ctx.clock);
		const record: AssetRecord = {
			asset: {
				Id: newId(store, 'asset', ctx.clock),
				GroupId: groupId,
				Name: name,
				URL: urlText,
				AssetType: assetType,
				Status: 'Processing',
				ProjectName: PROJECT_NAME,
				CreateTime: now,
				UpdateTime: now,
			},
			createdAtMs: ctx.clock.now(),
			polls: 0,
			plan,
		};
		store.assets.set(record.asset.Id, record);
		return { ...record.asset };
	}),
	avatarRoute('POST', `${ASSETS}/list`, 'ListAssets', (call) => {
		const { body, store, ctx } = call;
		const filter = filterOf(body);
		const groupIds = stringList(filter, 'GroupIds');
		const statuses = stringList(filter, 'Statuses');
		const unknown = statuses?.find((status) => !STATUSES.includes(status as AssetStatus));
		if (unknown !== undefined)
			throw invalidParameter(`Filter.Statuses may hold ${STATUSES.join(', ')}; got "${unknown}"`);
		const name = optionalString(filter, 'Name', 'Filter.Name');
		const now = ctx.clock.now();
		const matching = [...store.assets.values()]
			.map((record) => {
				settle(record, now, false, secondsAt(ctx.clock));
				return record.asset;
			})
			.filter(
				(asset) =>
					(!groupIds || groupIds.includes(asset.GroupId)) &&
					(!statuses || statuses.includes(asset.Status)) &&
					nameMatches(asset.Name, name),
			);
		const sorted = sortBy(
			matching,
			optionalString(body, 'SortBy'),
			optionalString(body, 'SortOrder'),
			SORT_FIELDS,
		);
		const page = pageOf(sorted, body, store.listPaging);
		return { ...page, Items: page.Items.map((asset) => ({ ...asset })) };
	}),
	avatarRoute('GET', `${ASSETS}/{id}`, 'GetAsset', (call) => ({
		...assetOf(call, call.request.params.id, true).asset,
	})),
	avatarRoute('PATCH', `${ASSETS}/{id}`, 'UpdateAsset', (call) => {
		const { body, ctx, request } = call;
		if (body.Id !== request.params.id)
			throw invalidParameter(`Id must equal the asset id of the path ("${request.params.id}")`);
		const { asset } = assetOf(call, request.params.id, false);
		const name = optionalString(body, 'Name');
		if (name !== undefined) asset.Name = name;
		asset.UpdateTime = secondsAt(ctx.clock);
		return { ...asset };
	}),
	avatarRoute('DELETE', `${ASSETS}/{id}`, 'DeleteAsset', (call) => {
		const { asset } = assetOf(call, call.request.params.id, false);
		call.store.assets.delete(asset.Id);
		return { Id: asset.Id };
	}),
];
