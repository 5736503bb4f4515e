import type { RouteModule } from '../types';
import { articles } from './articles';
import { articlesWeb } from './articlesWeb';
import { channels } from './channels';
import { douyinSearch } from './douyinSearch';
import { notes } from './notes';
import { runRoute } from './run';
import { search } from './search';
import { shortVideo } from './shortVideo';

/** The data gateway: every group's endpoints behind `POST /api/v1/run`. */
export const dataRoutes: RouteModule = {
	name: 'data',
	routes: [runRoute([shortVideo, douyinSearch, notes, channels, articles, articlesWeb, search])],
};
