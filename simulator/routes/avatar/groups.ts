import type { HttpRoute } from '../types';
import { invalidParameter, notFound } from './answers';
import { filterOf, nameMatches, optionalString, pageOf, stringList } from './listing';
import type { AvatarCall } from './route';
import { avatarRoute } from './route';
import type { AvatarGroup } from './store';
import { newId, PROJECT_NAME, secondsAt, VIRTUAL_GROUP_TYPE } from './store';

const GROUPS = '/v1/private-avatar/groups';

function requiredString(body: Record<string, unknown>, key: string): string {
	const value = body[key];
	if (typeof value !== 'string' || value.trim() === '')
		throw invalidParameter(`${key} is required and must be a non-empty string`);
	return value;
}

export function groupOf({ store }: AvatarCall, id: string): AvatarGroup {
	const group = store.groups.get(id);
	if (!group) throw notFound('group', id);
	return group;
}

export const groupRoutes: HttpRoute[] = [
	avatarRoute('POST', GROUPS, 'CreateAssetGroup', (call) => {
		const { body, store, ctx } = call;
		const now = secondsAt(ctx.clock);
		const group: AvatarGroup = {
			Id: newId(store, 'group', ctx.clock),
			Name: requiredString(body, 'Name'),
			Description: optionalString(body, 'Description') ?? '',
			GroupType: optionalString(body, 'GroupType') || VIRTUAL_GROUP_TYPE,
			ProjectName: PROJECT_NAME,
			CreateTime: now,
			UpdateTime: now,
		};
		store.groups.set(group.Id, group);
		return { ...group };
	}),
	avatarRoute('POST', `${GROUPS}/list`, 'ListAssetGroups', ({ body, store }) => {
		const filter = filterOf(body);
		const name = optionalString(filter, 'Name', 'Filter.Name');
		const ids = stringList(filter, 'GroupIds');
		const type = optionalString(filter, 'GroupType', 'Filter.GroupType');
		const matching = [...store.groups.values()].filter(
			(group) =>
				nameMatches(group.Name, name) &&
				(!ids || ids.includes(group.Id)) &&
				(!type || group.GroupType === type),
		);
		return pageOf(matching, body, store.listPaging);
	}),
	avatarRoute('GET', `${GROUPS}/{id}`, 'GetAssetGroup', (call) => ({
		...groupOf(call, call.request.params.id),
	})),
	avatarRoute('PATCH', `${GROUPS}/{id}`, 'UpdateAssetGroup', (call) => {
		const { body, ctx, request } = call;
		if (body.Id !== request.params.id)
			throw invalidParameter(`Id must equal the group id of the path ("${request.params.id}")`);
		const group = groupOf(call, request.params.id);
		const name = optionalString(body, 'Name');
		if (name !== undefined) {
			if (name.trim() === '') throw invalidParameter('Name must not be empty');
			group.Name = name;
		}
		const description = optionalString(body, 'Description');
		if (description !== undefined) group.Description = description;
		group.UpdateTime = secondsAt(ctx.clock);
		return { ...group };
	}),
	avatarRoute('DELETE', `${GROUPS}/{id}`, 'DeleteAssetGroup', (call) => {
		const group = groupOf(call, call.request.params.id);
		call.store.groups.delete(group.Id);
		for (const [id, record] of call.store.assets)
			if (record.asset.GroupId === group.Id) call.store.assets.delete(id);
		return { Id: group.Id };
	}),
];
