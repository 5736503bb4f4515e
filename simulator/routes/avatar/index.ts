import type { RouteModule } from '../types';
import { assetRoutes } from './assets';
import { groupRoutes } from './groups';
import { realPersonRoutes } from './realPerson';

/** Virtual-avatar groups and assets, real-person auth sessions (spec: "Virtual-avatar and real-avatar endpoints"). */
export const avatarRoutes: RouteModule = {
	name: 'avatar',
	routes: [...groupRoutes, ...assetRoutes, ...realPersonRoutes],
};

export { avatarSim, type AvatarSim } from './control';
export {
	SIM_AVATAR_ROUTING,
	TOKEN_LIFETIME_MS,
	type DeleteAnswer,
	type ListPaging,
	type ProcessingPlan,
	type QueuedAvatarError,
} from './store';
