import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { SocialData } from '../../../nodes/SocialData/SocialData.node';
import { runNode, simulatorCredentials } from '../../../tools/harness';
import type { Simulator, WellKnownIds } from '../../../simulator';
import type { InterfaceNames } from '../../../nodes/shared/transport/wireNames';

export const SOCIAL_DATA_TYPE = 'n8n-nodes-social-gateway.socialData';

/** The credential of a run against `sim`; `interfaceNames` sets Advanced Settings › Interface Names. */
export const credentialsFor = (sim: Simulator, interfaceNames?: InterfaceNames) =>
	simulatorCredentials(sim.url, interfaceNames === undefined ? {} : { interfaceNames });

export interface SocialDataRun {
	items: INodeExecutionData[];
	error?: Error;
	hints: string[];
}

/**
 * The simulator's virtual time stands for n8n's clock: a walk with Only New Since Last Run runs at
 * it (Time of This Run), as the brand collector passes on its schedule's time, unless a test sets
 * its own.
 */
function atVirtualTime(sim: Simulator, parameters: INodeParameters): INodeParameters {
	const options = (parameters.options ?? {}) as IDataObject;
	if (!options.onlyNew || options.runAt !== undefined) return parameters;
	return { ...parameters, options: { ...options, runAt: new Date(sim.clock.now()).toISOString() } };
}

/** Runs the Social Data node once inside n8n's engine against the simulator. */
export async function runSocialData(
	sim: Simulator,
	parameters: INodeParameters,
	options: {
		inputItems?: INodeExecutionData[];
		continueOnFail?: boolean;
		/** The workflow's static data, changed in place by the run (see the harness's RunWorkflowOptions). */
		staticData?: IDataObject;
		workflowId?: string;
		/** The credential's Interface Names (absent: the default, the upstream's own). */
		interfaceNames?: InterfaceNames;
	} = {},
): Promise<SocialDataRun> {
	const result = await runNode({
		node: new SocialData(),
		type: SOCIAL_DATA_TYPE,
		parameters: atVirtualTime(sim, parameters),
		credentials: credentialsFor(sim, options.interfaceNames),
		inputItems: options.inputItems,
		continueOnFail: options.continueOnFail,
		staticData: options.staticData,
		workflowId: options.workflowId,
	});
	const taskData = Object.values(result.run.data.resultData.runData).flat();
	const hints = taskData.flatMap((task) => (task.hints ?? []).map((hint) => hint.message));
	return { items: result.items, error: result.errorOf(), hints };
}

/**
 * Valid parameters for every operation, from the simulator's well-known ids, keyed by operation,
 * or by `<resource>/<operation>` where two resources share an operation value.
 */
export function parametersFor(ids: WellKnownIds): Record<string, INodeParameters> {
	const awemeIds = [ids.awemeId, `${ids.awemeId.slice(0, -1)}1`].join(',');
	return {
		fetch_one_video: { aweme_id: ids.awemeId },
		fetch_one_video_v2: { aweme_id: ids.awemeId },
		fetch_one_video_by_share_url: { share_url: ids.shareUrl },
		fetch_video_high_quality_play_url: {
			aweme_id: ids.awemeId,
			share_url: '',
			options: { region: 'US' },
		},
		fetch_multi_video_high_quality_play_url: { aweme_ids: awemeIds },
		fetch_multi_video: { aweme_ids: awemeIds },
		fetch_one_video_danmaku: {
			item_id: ids.awemeId,
			duration: 60000,
			start_time: 0,
			end_time: 30000,
		},
		fetch_home_feed: { returnAll: false, limit: 5 },
		fetch_related_posts: { aweme_id: ids.awemeId, returnAll: false, limit: 5 },
		fetch_user_post_videos: { sec_user_id: ids.secUserId, returnAll: false, limit: 5 },
		fetch_user_like_videos: {
			sec_user_id: ids.secUserId,
			cookie: ids.cookie,
			returnAll: false,
			limit: 5,
		},
		fetch_user_collection_videos: { cookie: ids.cookie, returnAll: false, limit: 5 },
		fetch_user_collects: { cookie: ids.cookie, returnAll: false, limit: 5 },
		fetch_user_collects_videos: { collects_id: ids.collectsId, returnAll: false, limit: 5 },
		fetch_user_mix_videos: { mix_id: ids.mixId, returnAll: false, limit: 5 },
		'shortVideo/fetch_video_comments': { aweme_id: ids.awemeId, returnAll: false, limit: 5 },
		fetch_video_comment_replies: {
			item_id: ids.awemeId,
			comment_id: ids.douyinCommentId,
			returnAll: false,
			limit: 5,
		},
		fetch_hot_search_result: {},
		handler_user_profile: { sec_user_id: ids.secUserId },
		get_note_comments: { note_id: ids.noteId, share_text: '', returnAll: false, limit: 5 },
		get_user_info: { user_id: ids.noteUserId, share_text: '' },
		get_image_note_detail: { note_id: ids.noteId, share_text: '' },
		get_video_note_detail: { note_id: ids.noteId, share_text: '' },
		get_user_posted_notes: {
			user_id: ids.noteUserId,
			share_text: '',
			returnAll: false,
			limit: 5,
		},
		get_note_sub_comments: {
			note_id: ids.noteId,
			share_text: '',
			comment_id: ids.noteCommentId,
			returnAll: false,
			limit: 5,
		},
		search_notes: { keyword: ids.keyword, returnAll: false, limit: 5 },
		fetch_channel_info: { username: ids.finderUsername, options: { raw: false } },
		fetch_channel_id_to_username: { channel_id: ids.channelId, options: { raw: false } },
		fetch_user_videos: { username: ids.finderUsername, returnAll: false, limit: 5 },
		fetch_video_detail: { object_id: ids.objectId, export_id: '', share_url: '' },
		fetch_video_comments: { object_id: ids.objectId, returnAll: false, limit: 5 },
		fetch_live_history: { username: ids.finderUsername, returnAll: false, limit: 5 },
		fetch_live_detail: { live_id: ids.liveId },
		fetch_search_channel_videos: { username: ids.finderUsername, keyword: ids.keyword },
		fetch_article_detail: { url: ids.articleUrl },
		fetch_article_stats: { url: ids.articleUrl },
		fetch_article_comments: { url: ids.articleUrl, returnAll: false, limit: 5 },
		fetch_comment_replies: { content_id: ids.contentId },
		fetch_mp_article_list: { ghid: ids.ghid, returnAll: false, limit: 5 },
		fetch_search: { keyword: ids.keyword, returnAll: false, limit: 5 },
		fetch_search_videos: { keyword: ids.keyword, returnAll: false, limit: 5 },
		fetch_general_search_v1: { keyword: ids.keyword, returnAll: false, limit: 5 },
		fetch_video_search_v1: { keyword: ids.keyword, returnAll: false, limit: 5 },
	};
}

/** Valid parameters of one operation of a resource (see parametersFor). */
export const operationParameters = (
	ids: WellKnownIds,
	resource: string,
	operation: string,
): INodeParameters => {
	const all = parametersFor(ids);
	return all[`${resource}/${operation}`] ?? all[operation];
};
