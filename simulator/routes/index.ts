import { avatarRoutes } from './avatar';
import { dataRoutes } from './data';
import { mediaRoutes } from './media';
import { modelRoutes } from './model';
import type { RouteModule } from './types';

/** Every route module the simulator serves: one line each. */
export const routeModules: RouteModule[] = [dataRoutes, avatarRoutes, modelRoutes, mediaRoutes];
