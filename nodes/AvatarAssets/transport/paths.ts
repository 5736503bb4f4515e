/** Paths of the avatar endpoints (spec: "Virtual-avatar and real-avatar endpoints"). */
export const GROUPS_PATH = '/v1/private-avatar/groups';
export const GROUPS_LIST_PATH = '/v1/private-avatar/groups/list';
export const ASSETS_PATH = '/v1/private-avatar/assets';
export const ASSETS_LIST_PATH = '/v1/private-avatar/assets/list';
export const REAL_PERSON_SESSION_PATH = '/v1/real-avatar/auth/session';
export const REAL_PERSON_GROUP_PATH = '/v1/real-avatar/groups/from-token';

export const groupPath = (groupId: string) => `${GROUPS_PATH}/${encodeURIComponent(groupId)}`;
export const assetPath = (assetId: string) => `${ASSETS_PATH}/${encodeURIComponent(assetId)}`;
