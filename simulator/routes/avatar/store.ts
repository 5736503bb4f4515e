import type { Clock } from '../../clock';
import type { Dataset } from '../../dataset';

export type AssetStatus = 'Processing' | 'Active' | 'Failed';

/**
 * How an upload's processing ends. It ends on the poll (GET) numbered `afterPolls`, or once the
 * virtual clock has moved `afterMs` past the upload, whichever comes first; with neither it never ends.
 */
export interface ProcessingPlan {
	outcome: 'Active' | 'Failed';
	afterPolls?: number;
	afterMs?: number;
	/** The failure reported for a Failed outcome. */
	error?: { Code: string; Message: string };
	/**
	 * Fields that report a Failed outcome in place of `Error` (services name the reason differently:
	 * `FailReason`, `StatusMessage`, `ErrorCode` + `ErrorMessage`, …); merged into the asset.
	 */
	failureFields?: Record<string, unknown>;
}

/** Records as a genuine gateway answers them (simulator/recorded/avatar): times in epoch seconds. */
export interface AvatarGroup {
	Id: string;
	Name: string;
	Description: string;
	GroupType: string;
	ProjectName: string;
	CreateTime: number;
	UpdateTime: number;
}

export interface AvatarAsset {
	Id: string;
	GroupId: string;
	Name: string;
	URL: string;
	AssetType: string;
	Status: AssetStatus;
	ProjectName: string;
	CreateTime: number;
	UpdateTime: number;
	/** A Failed asset's reason, as the service reports it. */
	Error?: { Code: string; Message: string };
}

export interface AssetRecord {
	asset: AvatarAsset;
	createdAtMs: number;
	polls: number;
	plan: ProcessingPlan;
}

export interface AuthSession {
	token: string;
	createdAtMs: number;
	callbackUrl: string;
	language?: string;
	used: boolean;
}

/** What an avatar call must carry: the routing parameter (in the body, or the query of path-only calls). */
export interface RoutingExpectation {
	name: string;
	/** undefined: any non-empty value passes. */
	value?: string;
}

/**
 * How a successful DELETE answers: the `{ResponseMetadata, Result}` body (default), 204 No Content,
 * or 200 with an empty body (the spec shows no avatar answer body beyond the ids).
 */
export type DeleteAnswer = 'result' | 'noContent' | 'emptyOk';

/**
 * How list answers page. `token` (default, like the service): `MaxResults` and the `NextToken` of
 * the previous answer, or `PageNumber`/`PageSize` when the request asks that way (never both);
 * `pageNumber`: a service that knows only page numbers (token fields ignored).
 */
export type ListPaging = 'token' | 'pageNumber';

/** An error the next matching avatar call answers with, as `ResponseMetadata.Error` (also on HTTP 200). */
export interface QueuedAvatarError {
	/** The action it is for (`ListAssets`, `GetAsset`, …); any avatar call when absent. */
	action?: string;
	status: number;
	Code: string;
	Message: string;
}

/** As the service routes avatar calls: `model`, carrying the id of the video model the assets are for. */
export const SIM_AVATAR_ROUTING: Required<RoutingExpectation> = {
	name: 'model',
	value: 'doubao-seedance-2-0-260128',
};
export const TOKEN_LIFETIME_MS = 120_000;
export const VIRTUAL_GROUP_TYPE = 'AIGC';
export const REAL_PERSON_GROUP_TYPE = 'LivenessFace';
export const PROJECT_NAME = 'default';
export const DEFAULT_PLAN: ProcessingPlan = { outcome: 'Active', afterPolls: 2 };
export const DEFAULT_FAILURE = {
	Code: 'InvalidMaterial',
	Message: 'The material could not be processed',
};

export interface AvatarStore {
	groups: Map<string, AvatarGroup>;
	assets: Map<string, AssetRecord>;
	sessions: Map<string, AuthSession>;
	routing: RoutingExpectation;
	/** Plan of uploads that name none in their URL and find none queued. */
	defaultPlan: ProcessingPlan;
	/** Plans used up one per upload, before the default. */
	queuedPlans: ProcessingPlan[];
	deleteAnswer: DeleteAnswer;
	listPaging: ListPaging;
	queuedErrors: QueuedAvatarError[];
	sequence: number;
}

const stores = new WeakMap<Dataset, AvatarStore>();

/** The avatar state of one simulator (its dataset object is the simulator's identity for routes and tests). */
export function avatarStoreOf(dataset: Dataset): AvatarStore {
	let store = stores.get(dataset);
	if (!store) {
		store = {
			groups: new Map(),
			assets: new Map(),
			sessions: new Map(),
			routing: { ...SIM_AVATAR_ROUTING },
			defaultPlan: { ...DEFAULT_PLAN },
			queuedPlans: [],
			deleteAnswer: 'result',
			listPaging: 'token',
			queuedErrors: [],
			sequence: 0,
		};
		stores.set(dataset, store);
	}
	return store;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
// In sort order, so ids sort by creation.
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Ids shaped like the service's (`group-20250601120000-ab12c`), unique per simulator. */
export function newId(store: AvatarStore, prefix: string, clock: Clock): string {
	const date = new Date(clock.now());
	const stamp = `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
	let n = ++store.sequence;
	let suffix = '';
	for (let i = 0; i < 5; i++) {
		suffix = ALPHABET[n % ALPHABET.length] + suffix;
		n = Math.floor(n / ALPHABET.length);
	}
	return `${prefix}-${stamp}-${suffix}`;
}

/** The service's time stamps: whole epoch seconds. */
export const secondsAt = (clock: Clock) => Math.floor(clock.now() / 1000);
