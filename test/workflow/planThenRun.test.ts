import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { RecordedRequest, Simulator } from '../../simulator';
import { encodePng } from '../../simulator/routes/model/png';
import {
	byId,
	createGroup,
	runAvatar,
	uploadAsset,
	useAvatarSimulator,
} from './avatarAssets/setup';
import { binaryItem, model, runModelGateway } from './modelGateway/setup';

/**
 * The execution contract, for every operation of Model Gateway and Avatar Assets: every item is
 * planned (read and checked, no network) before the first call. Three items, the middle one
 * invalid: without Continue On Fail nothing reaches the simulator; with it, exactly the two valid
 * items are sent and the invalid one becomes an error item in its place.
 */

let sim: Simulator;
useAvatarSimulator((started) => (sim = started));

/** Parameters that read `bad` from the item: true on the middle one. */
const ifBad = (bad: string, good: string) => `={{ $json.bad ? ${bad} : ${good} }}`;

interface Case {
	/** `resource/operation` */
	operation: string;
	/** What the case refuses, where an operation has several cases. */
	refusing?: string;
	node: 'modelGateway' | 'avatarAssets';
	parameters: INodeParameters;
	/** The refusal of the middle item: names the field and item 1. */
	refusal: RegExp;
	/** The requests the operation sends for its items. */
	sends: (request: RecordedRequest) => boolean;
	/** Requests two valid items make (one each unless the operation sends items together). */
	validRequests?: number;
	/** Records the operation works on, made before the run; what each input item carries. */
	prepare?: () => Promise<IDataObject[]>;
	/** The input items themselves (binaries); `bad` is added to the middle one. */
	inputItems?: () => INodeExecutionData[];
}

const at = (method: string, path: string | RegExp) => (request: RecordedRequest) =>
	request.method === method &&
	(typeof path === 'string' ? request.path === path : path.test(request.path));

const native = (action: string) =>
	at('POST', new RegExp(`^/v1(beta|alpha)/models/[^/]+:${action}$`));

const messages = (text: string) => ({ values: [{ role: 'user', text }] });
const chatMessages = (content: string) => ({ values: [{ role: 'user', content }] });

const image = () =>
	binaryItem(
		{},
		{
			data: {
				bytes: encodePng(4, 4, [1, 2, 3], [4, 5, 6]),
				mimeType: 'image/png',
				fileName: 'in.png',
			},
		},
	);

/** A group for each valid item. */
async function twoGroups(): Promise<IDataObject[]> {
	return [{ id: await createGroup(sim, 'first') }, {}, { id: await createGroup(sim, 'third') }];
}

/** An asset for each valid item, both in one group. */
async function twoAssets(): Promise<IDataObject[]> {
	const groupId = await createGroup(sim, 'assets');
	// Active on the first status request: one poll per waited asset.
	const active = { URL: 'https://cdn.example.com/a.jpg?sim_outcome=Active&sim_polls=1' };
	return [
		{ id: await uploadAsset(sim, groupId, active) },
		{},
		{ id: await uploadAsset(sim, groupId, active) },
	];
}

/** An auth session's token for each valid item. */
async function twoSessions(): Promise<IDataObject[]> {
	const session = async () => {
		const { json, error } = await runAvatar(sim, {
			resource: 'realPerson',
			operation: 'createAuthSession',
			CallbackURL: 'https://app.example.com/done',
		});
		if (error) throw error;
		return { token: json[0].BytedToken };
	};
	return [await session(), {}, await session()];
}

const MODEL_GATEWAY: Case[] = [
	{
		operation: 'text/generate',
		node: 'modelGateway',
		parameters: { modelId: model('gemini-2.5-flash'), messages: messages(ifBad('""', '"Hello"')) },
		refusal: /Field "messages" \(Messages\) needs at least one message with text .*\(item 1\)/,
		sends: native('generateContent'),
	},
	{
		operation: 'text/stream',
		node: 'modelGateway',
		parameters: { modelId: model('gemini-2.5-flash'), messages: messages(ifBad('""', '"Hello"')) },
		refusal: /Field "messages" \(Messages\) needs at least one message with text .*\(item 1\)/,
		sends: native('streamGenerateContent'),
	},
	{
		operation: 'image/generate',
		node: 'modelGateway',
		parameters: { modelId: model('gemini-2.5-flash-image'), prompt: ifBad('"  "', '"A fox"') },
		refusal: /Field "prompt" \(Prompt\) is required and must not be empty \(item 1\)/,
		sends: native('generateContent'),
	},
	{
		operation: 'image/generate',
		refusing: 'aspect ratio',
		node: 'modelGateway',
		parameters: {
			modelId: model('gemini-2.5-flash-image'),
			prompt: 'A fox',
			options: { aspectRatio: ifBad('"wide"', '"16:9"') },
		},
		refusal:
			/Field "aspectRatio" \(Aspect Ratio\) must have the form <w>:<h> .*got "wide" \(item 1\)/,
		sends: native('generateContent'),
	},
	{
		operation: 'image/edit',
		node: 'modelGateway',
		parameters: {
			modelId: model('gemini-2.5-flash-image'),
			prompt: 'Make it blue',
			binaryPropertyNames: 'data',
		},
		// The middle item has no binary: reading it is part of the plan.
		refusal:
			/expects the node's input data to contain a binary file 'data', but none was found \[item 1\]/,
		sends: native('generateContent'),
		inputItems: () => [image(), { json: {} }, image()],
	},
	{
		operation: 'image/predict',
		node: 'modelGateway',
		parameters: {
			modelId: model('imagen-4.0-generate-001'),
			prompt: 'A fox',
			sampleCount: ifBad('0', '1'),
		},
		refusal:
			/Field "sampleCount" \(Number of Images\) must be a whole number of at least 1; got 0 \(item 1\)/,
		sends: native('predict'),
	},
	{
		operation: 'speech/generate',
		node: 'modelGateway',
		parameters: {
			modelId: model('gemini-2.5-flash-preview-tts'),
			text: 'Hello there',
			voiceName: ifBad('""', '"Kore"'),
		},
		refusal: /Field "voiceName" \(Voice Name\) is required and must not be empty \(item 1\)/,
		sends: native('generateContent'),
	},
	{
		operation: 'embedding/embed',
		node: 'modelGateway',
		parameters: { modelId: model('gemini-embedding-001'), text: ifBad('""', '"Embed me"') },
		refusal: /Field "text" \(Text\) is required and must not be empty \(item 1\)/,
		sends: native('embedContent'),
	},
	{
		operation: 'chat/complete',
		node: 'modelGateway',
		parameters: {
			modelId: model('gemini-2.5-flash'),
			messages: chatMessages('Hello'),
			options: { temperature: ifBad('3', '0.5') },
		},
		refusal: /Field "temperature" \(Temperature\) must be a number from 0 to 2; got 3 \(item 1\)/,
		sends: at('POST', '/v1/chat/completions'),
	},
	{
		operation: 'chat/classify',
		node: 'modelGateway',
		parameters: {
			modelId: model('gemini-2.5-flash'),
			text: ifBad('$json.post', '"I love it"'),
			labels: 'positive, neutral, negative',
		},
		refusal: /Field "text" \(Text to Classify\) must be text; got object \(item 1\)/,
		sends: at('POST', '/v1/chat/completions'),
		// All items go in one call: the two valid ones, and only they.
		validRequests: 1,
		inputItems: () => [{ json: {} }, { json: { post: { title: 'not a text' } } }, { json: {} }],
	},
	{
		operation: 'message/create',
		node: 'modelGateway',
		parameters: {
			modelId: model('gemini-2.5-flash'),
			messages: chatMessages('Hello'),
			max_tokens: ifBad('0', '64'),
		},
		refusal:
			/Field "max_tokens" \(Maximum Tokens\) must be a whole number of at least 1; got 0 \(item 1\)/,
		sends: at('POST', '/v1/messages'),
	},
	{
		operation: 'model/get',
		node: 'modelGateway',
		parameters: { modelId: { __rl: true, mode: 'id', value: ifBad('""', '"gemini-2.5-flash"') } },
		refusal: /Field "modelId" \(Model\) is required \(item 1\)/,
		sends: at('GET', /^\/v1\/models\//),
	},
	{
		operation: 'native/call',
		node: 'modelGateway',
		parameters: {
			modelId: model('gemini-2.5-flash'),
			action: ifBad('"not an action!"', '"countTokens"'),
			body: '{ "contents": [{ "role": "user", "parts": [{ "text": "Hi" }] }] }',
		},
		refusal:
			/Field "action" \(Action\) must be a method name such as generateContent; got "not an action!" \(item 1\)/,
		sends: native('countTokens'),
	},
];

const AVATAR_ASSETS: Case[] = [
	{
		operation: 'group/create',
		node: 'avatarAssets',
		parameters: { Name: ifBad('"  "', '"presenters"') },
		refusal: /Field "Name" \(Name\) is required \(item 1\)/,
		sends: at('POST', '/v1/private-avatar/groups'),
	},
	{
		operation: 'group/list',
		node: 'avatarAssets',
		parameters: { returnAll: false, limit: ifBad('0', '5') },
		refusal: /Field "limit" \(Limit\) must be at least 1; got 0 \(item 1\)/,
		sends: at('POST', '/v1/private-avatar/groups/list'),
		prepare: twoGroups,
	},
	...(['get', 'update', 'delete'] as const).map(
		(operation): Case => ({
			operation: `group/${operation}`,
			node: 'avatarAssets',
			parameters: { GroupId: byId('={{ $json.id ?? "" }}') },
			refusal: /Field "GroupId" \(Group\) is required \(item 1\)/,
			sends: at(
				{ get: 'GET', update: 'PATCH', delete: 'DELETE' }[operation],
				/^\/v1\/private-avatar\/groups\/group-/,
			),
			prepare: twoGroups,
		}),
	),
	{
		operation: 'asset/upload',
		node: 'avatarAssets',
		parameters: {
			GroupId: byId('={{ $json.id }}'),
			URL: ifBad('"ftp://cdn.example.com/a.jpg"', '"https://cdn.example.com/a.jpg"'),
			AssetType: 'Image',
			waitForProcessing: false,
		},
		refusal:
			/Field "URL" \(URL\) must be an http or https address; got the scheme "ftp" \(item 1\)/,
		sends: at('POST', '/v1/private-avatar/assets'),
		prepare: async () => {
			const id = await createGroup(sim, 'uploads');
			return [{ id }, { id }, { id }];
		},
	},
	{
		operation: 'asset/list',
		node: 'avatarAssets',
		parameters: { returnAll: false, limit: 5, options: { PageSize: ifBad('0', '10') } },
		refusal: /Field "PageSize" \(Page Size\) must be at least 1; got 0 \(item 1\)/,
		sends: at('POST', '/v1/private-avatar/assets/list'),
		prepare: twoAssets,
	},
	...(['get', 'update', 'delete', 'waitForProcessing'] as const).map(
		(operation): Case => ({
			operation: `asset/${operation}`,
			node: 'avatarAssets',
			parameters: { AssetId: byId('={{ $json.id ?? "" }}') },
			refusal: /Field "AssetId" \(Asset\) is required \(item 1\)/,
			sends: at(
				{ get: 'GET', update: 'PATCH', delete: 'DELETE', waitForProcessing: 'GET' }[operation],
				/^\/v1\/private-avatar\/assets\/asset-/,
			),
			prepare: twoAssets,
		}),
	),
	{
		operation: 'realPerson/createAuthSession',
		node: 'avatarAssets',
		parameters: { CallbackURL: ifBad('"done.html"', '"https://app.example.com/done"') },
		refusal:
			/Field "CallbackURL" \(Redirect URL\) must be an absolute http\(s\) address .*\(item 1\)/,
		sends: at('POST', '/v1/real-avatar/auth/session'),
	},
	{
		operation: 'realPerson/tokenToGroup',
		node: 'avatarAssets',
		parameters: { AvatarToken: '={{ $json.token ?? "" }}' },
		refusal: /Field "AvatarToken" \(Real-Person Token\) is required \(item 1\)/,
		sends: at('POST', '/v1/real-avatar/groups/from-token'),
		prepare: twoSessions,
	},
];

async function run(testCase: Case, continueOnFail: boolean) {
	const carried = (await testCase.prepare?.()) ?? [{}, {}, {}];
	const given = testCase.inputItems?.() ?? carried.map(() => ({ json: {} }));
	const inputItems = given.map((item, index) => ({
		...item,
		json: { ...item.json, ...carried[index], ...(index === 1 ? { bad: true } : {}) },
	}));
	sim.requests.splice(0, sim.requests.length);
	const [resource, operation] = testCase.operation.split('/');
	const parameters = { resource, operation, ...testCase.parameters };
	const outcome =
		testCase.node === 'modelGateway'
			? await runModelGateway(sim, parameters, { inputItems, continueOnFail })
			: await runAvatar(sim, parameters, { inputItems, continueOnFail });
	return { ...outcome, sent: sim.requests.filter(testCase.sends) };
}

describe.each([
	['Model Gateway', MODEL_GATEWAY],
	['Avatar Assets', AVATAR_ASSETS],
])('%s: every item is planned before the first call', (_node, cases) => {
	const named = (testCase: Case) =>
		testCase.refusing ? `${testCase.operation} (${testCase.refusing})` : testCase.operation;
	describe.each(cases.map((testCase) => [named(testCase), testCase] as const))(
		'%s',
		(_operation, testCase) => {
			it('Continue On Fail off: the invalid middle item fails the node and nothing is sent', async () => {
				const { error, items } = await run(testCase, false);
				expect(error?.message).toMatch(testCase.refusal);
				expect(items).toEqual([]);
				// A call already in flight when the node failed would land in the meantime.
				await new Promise((resolve) => setTimeout(resolve, 100));
				expect(sim.requests).toEqual([]);
			});

			it('Continue On Fail on: the two valid items are sent, the invalid one is an error item in its place', async () => {
				const { error, items, sent } = await run(testCase, true);
				expect(error).toBeUndefined();
				expect(sent).toHaveLength(testCase.validRequests ?? 2);
				expect(sim.requests.every(testCase.sends)).toBe(true);
				// In input order; a list item may give several output items, each paired with it.
				const paired = items.map((item) => (item.pairedItem as { item: number }).item);
				expect(paired).toEqual([...paired].sort((a, b) => a - b));
				expect(new Set(paired)).toEqual(new Set([0, 1, 2]));
				const ofItem1 = items.filter((_, index) => paired[index] === 1);
				expect(ofItem1).toHaveLength(1);
				const [refused] = ofItem1;
				expect(refused.json.error).toMatch(testCase.refusal);
				expect(items.filter((item) => item.json.error !== undefined)).toEqual([refused]);
			});
		},
	);
});

describe('operations with no input to refuse: every item is one listing call', () => {
	it.each(['list', 'listNative'])('model/%s', async (operation) => {
		for (const continueOnFail of [false, true]) {
			sim.requests.splice(0, sim.requests.length);
			const { error, items } = await runModelGateway(
				sim,
				{ resource: 'model', operation },
				{ inputItems: [{ json: {} }, { json: {} }, { json: {} }], continueOnFail },
			);
			expect(error).toBeUndefined();
			expect(sim.requests).toHaveLength(3);
			expect(new Set(items.map((item) => (item.pairedItem as { item: number }).item))).toEqual(
				new Set([0, 1, 2]),
			);
		}
	});
});
