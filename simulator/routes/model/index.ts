import type { RouteModule } from '../types';
import { chatRoutes } from './chat';
import { listingRoutes } from './listing';
import { messagesRoutes } from './messages';
import { nativeRoutes } from './native';

/** The model interfaces: native generate-content, chat completions, messages, model listing. */
export const modelRoutes: RouteModule = {
	name: 'model',
	routes: [...nativeRoutes, ...chatRoutes, ...messagesRoutes, ...listingRoutes],
};
