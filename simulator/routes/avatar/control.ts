import type { Dataset } from '../../dataset';
import type {
	AssetRecord,
	AvatarGroup,
	AuthSession,
	DeleteAnswer,
	ListPaging,
	ProcessingPlan,
	QueuedAvatarError,
	RoutingExpectation,
} from './store';
import { avatarStoreOf, DEFAULT_PLAN, SIM_AVATAR_ROUTING } from './store';

/** In-process control of a simulator's avatar state, for tests. */
export interface AvatarSim {
	/** Plan of every later upload that names none in its URL and finds none queued. */
	setDefaultPlan(plan: ProcessingPlan): void;
	/** Plans for the next uploads, one each, before the default. */
	queuePlans(...plans: ProcessingPlan[]): void;
	/** What the routing parameter must be; `value` undefined accepts any non-empty value. */
	expectRouting(routing: RoutingExpectation): void;
	/** How successful DELETEs of groups and assets answer from now on (errors keep their JSON body). */
	answerDeletesWith(answer: DeleteAnswer): void;
	/** How list answers page from now on (`token`, the default, or a service that knows only page numbers). */
	pageListsBy(paging: ListPaging): void;
	/** The next call of `action` (any avatar call without one) answers `ResponseMetadata.Error` with this status (200 too). */
	queueError(error: QueuedAvatarError): void;
	readonly groups: ReadonlyMap<string, AvatarGroup>;
	readonly assets: ReadonlyMap<string, AssetRecord>;
	readonly sessions: ReadonlyMap<string, AuthSession>;
	/** Drops all groups, assets, sessions and queued errors, and restores plans, routing, paging and the DELETE answer. */
	clear(): void;
}

function checkPlan(plan: ProcessingPlan): ProcessingPlan {
	if (plan.outcome !== 'Active' && plan.outcome !== 'Failed')
		throw new TypeError('outcome must be Active or Failed');
	for (const key of ['afterPolls', 'afterMs'] as const) {
		const value = plan[key];
		if (value !== undefined && !(Number.isInteger(value) && value >= 0))
			throw new TypeError(`${key} must be a whole number >= 0`);
	}
	return { ...plan };
}

export function avatarSim(sim: { dataset: Dataset }): AvatarSim {
	const store = avatarStoreOf(sim.dataset);
	return {
		setDefaultPlan: (plan) => void (store.defaultPlan = checkPlan(plan)),
		queuePlans: (...plans) => void store.queuedPlans.push(...plans.map(checkPlan)),
		expectRouting: (routing) => {
			if (!routing.name) throw new TypeError('the routing parameter needs a name');
			store.routing = { ...routing };
		},
		answerDeletesWith: (answer) => {
			if (!['result', 'noContent', 'emptyOk'].includes(answer))
				throw new TypeError('answer must be result, noContent or emptyOk');
			store.deleteAnswer = answer;
		},
		pageListsBy: (paging) => {
			if (paging !== 'token' && paging !== 'pageNumber')
				throw new TypeError('paging must be token or pageNumber');
			store.listPaging = paging;
		},
		queueError: (error) => {
			if (!Number.isInteger(error.status) || error.status < 200 || error.status > 599)
				throw new TypeError('status must be an HTTP status');
			if (!error.Code) throw new TypeError('the error needs a Code');
			store.queuedErrors.push({ ...error });
		},
		groups: store.groups,
		assets: store.assets,
		sessions: store.sessions,
		clear() {
			store.groups.clear();
			store.assets.clear();
			store.sessions.clear();
			store.queuedPlans.splice(0, store.queuedPlans.length);
			store.defaultPlan = { ...DEFAULT_PLAN };
			store.routing = { ...SIM_AVATAR_ROUTING };
			store.deleteAnswer = 'result';
			store.listPaging = 'token';
			store.queuedErrors.splice(0, store.queuedErrors.length);
		},
	};
}
