import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { AvatarAssets } from '../../nodes/AvatarAssets/AvatarAssets.node';
import { ModelGateway } from '../../nodes/ModelGateway/ModelGateway.node';
import { ENDPOINTS } from '../../nodes/SocialData/descriptor';
import { SocialData } from '../../nodes/SocialData/SocialData.node';
import { SocialDataTrigger } from '../../nodes/SocialData/SocialDataTrigger.node';
import { NODE_OPTION_NAMES } from '../../nodes/SocialData/editor/nodeOptions';
import { SocialGatewayApi } from '../../credentials/SocialGatewayApi.credentials';

/** What a new user sees in the editor's panels, read off the node descriptions. */

const socialData = new SocialData().description;
const nodes: INodeTypeDescription[] = [
	socialData,
	new ModelGateway().description,
	new AvatarAssets().description,
];

const shownFor = (property: INodeProperties, resource: string, operation: string) => {
	const show = property.displayOptions?.show ?? {};
	return (
		(show.resource ?? [resource]).includes(resource) &&
		(show.operation ?? [operation]).includes(operation)
	);
};

const collectionsOf = (resource: string, operation: string) =>
	socialData.properties.filter(
		(property) => property.type === 'collection' && shownFor(property, resource, operation),
	);

const subtitleOf = (
	description: INodeTypeDescription,
	resource: string,
	operation: string,
): string => {
	const lookup =
		/^=\{\{ \((.*)\)\[\$parameter\["resource"\] \+ ":" \+ \$parameter\["operation"\]\] \}\}$/.exec(
			description.subtitle!,
		);
	expect(lookup).not.toBeNull();
	return (JSON.parse(lookup![1]) as Record<string, string>)[`${resource}:${operation}`];
};

describe('Social Data panels', () => {
	it.each(ENDPOINTS.map((endpoint) => [endpoint.group, endpoint.name] as const))(
		'%s › %s has one Options collection and no Node Options',
		(resource, operation) => {
			const collections = collectionsOf(resource, operation);
			expect(collections.length).toBeLessThanOrEqual(1);
			for (const collection of collections) {
				expect(collection).toMatchObject({
					name: 'options',
					displayName: 'Options',
					placeholder: 'Add option',
				});
			}
			expect(socialData.properties.some((property) => property.name === 'nodeOptions')).toBe(false);
		},
	);

	it('offers the settings of the node inside Options, where no wire field has their names', () => {
		const clash = ENDPOINTS.flatMap((endpoint) =>
			endpoint.fields
				.filter((field) => NODE_OPTION_NAMES.has(field.name))
				.map((field) => `${endpoint.name}.${field.name}`),
		);
		expect(clash).toEqual([]);
		const [searchOptions] = collectionsOf('search', 'fetch_search');
		const names = (searchOptions.options as INodeProperties[]).map((option) => option.name);
		expect(names).toEqual(
			expect.arrayContaining([
				'concurrency',
				'creditBudget',
				'creditCeilingPerHour',
				'creditCeilingPerDay',
				'timeout',
				'maxPages',
				'splitRecords',
				'mentions',
				'sort',
				'raw',
			]),
		);
	});

	it("says in each Credit Ceiling where it counts, the bound across workers, and where the key's own cap is", () => {
		const [searchOptions] = collectionsOf('search', 'fetch_search');
		const [downloadOptions] = collectionsOf('channels', 'download');
		for (const options of [searchOptions, downloadOptions]) {
			for (const name of ['creditCeilingPerHour', 'creditCeilingPerDay']) {
				const option = (options.options as INodeProperties[]).find((one) => one.name === name);
				expect(option?.description).toContain(
					'every execution of this node with this credential, on every worker',
				);
				expect(option?.description).toContain(
					'the credits billed in any window stay at most the ceiling plus one call per running execution',
				);
				expect(option?.description).toContain("the key's quota in your provider's console");
			}
		}
	});

	it('offers cursor plumbing only with Return All off, on every paginated operation', () => {
		const carried = (endpoint: (typeof ENDPOINTS)[number]) => {
			const pagination = endpoint.pagination!;
			const fields = [...(pagination.cursors ?? []), ...(pagination.sticky ?? [])].map(
				(carry) => carry.field,
			);
			if (pagination.counter) fields.push(pagination.counter.field);
			// A carried field with a set of choices (the comment area) is the user's choice of the first page.
			return fields.filter(
				(name) => !endpoint.fields.find((field) => field.name === name)?.allowed,
			);
		};
		for (const endpoint of ENDPOINTS.filter((candidate) => candidate.pagination)) {
			const [options] = collectionsOf(endpoint.group, endpoint.name);
			for (const name of carried(endpoint)) {
				expect(endpoint.fields.find((field) => field.name === name)).toMatchObject({
					paging: true,
				});
				const option = (options.options as INodeProperties[]).find(
					(candidate) => candidate.name === name,
				);
				expect({ endpoint: endpoint.name, name, show: option?.displayOptions?.show }).toEqual({
					endpoint: endpoint.name,
					name,
					show: { '/returnAll': [false] },
				});
			}
		}
		const [searchOptions] = collectionsOf('search', 'fetch_search');
		expect(
			(searchOptions.options as INodeProperties[]).find((option) => option.name === 'offset')
				?.displayOptions?.show,
		).toEqual({ '/returnAll': [false] });
	});

	it('shows 0/1 flags as booleans, danmaku times with their unit, raw off by default', () => {
		const [searchNotesOptions] = collectionsOf('notes', 'search_notes');
		expect(
			(searchNotesOptions.options as INodeProperties[]).find((option) => option.name === 'ai_mode'),
		).toMatchObject({ type: 'boolean', default: false });
		const danmaku = socialData.properties.filter(
			(property) =>
				shownFor(property, 'shortVideo', 'fetch_one_video_danmaku') &&
				property.displayOptions?.show?.operation,
		);
		expect(danmaku.map((property) => property.displayName)).toEqual(
			expect.arrayContaining([
				'Duration (Milliseconds)',
				'Start Time (Milliseconds)',
				'End Time (Milliseconds)',
			]),
		);
		const [articleOptions] = collectionsOf('articles', 'fetch_article_detail');
		expect(
			(articleOptions.options as INodeProperties[]).find((option) => option.name === 'raw'),
		).toMatchObject({ type: 'boolean', default: false });
	});

	it('says what each resource covers, in words and without talking about a spec', () => {
		const resources = socialData.properties.find((property) => property.name === 'resource')!
			.options as INodePropertyOptions[];
		for (const resource of resources) expect(resource.description).toMatch(/\w+ \w+ \w+/);
		const texts = JSON.stringify(nodes.map((node) => node.properties));
		expect(texts).not.toMatch(/\bthe spec\b|\bspec's\b/i);
	});
});

describe('every node', () => {
	it.each(nodes.map((node) => [node.displayName, node] as const))(
		'%s: canvas subtitles in words, actions in sentence case',
		(_name, description) => {
			for (const operations of description.properties.filter(
				(property) => property.name === 'operation',
			)) {
				for (const resource of (operations.displayOptions?.show?.resource ?? []) as string[]) {
					for (const option of operations.options as INodePropertyOptions[]) {
						const action = option.action!;
						expect(subtitleOf(description, resource, String(option.value))).toBe(action);
						// Sentence case: after the first word only acronyms (ID, URL, AI…) keep capitals.
						const words = action.split(' ').slice(1);
						expect({
							action,
							capitalised: words.filter((word) => /^[A-Z][a-z]/.test(word)),
						}).toEqual({ action, capitalised: [] });
					}
				}
			}
		},
	);

	it('uses "Add option" on every Options collection, sentence case on the others', () => {
		const collections = nodes.flatMap((node) =>
			node.properties.filter((property) => property.type === 'collection'),
		);
		expect(collections.length).toBeGreaterThan(10);
		const wrong = collections.filter((collection) =>
			collection.name === 'options'
				? collection.placeholder !== 'Add option'
				: !/^Add [a-z]+$/.test(collection.placeholder ?? ''),
		);
		expect(wrong.map((collection) => `${collection.name}: ${collection.placeholder}`)).toEqual([]);
	});

	it('Model Gateway is a root node in the AI category, found by what it does', () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const codex = require('../../nodes/ModelGateway/ModelGateway.node.json') as {
			categories: string[];
			subcategories: Record<string, string[]>;
			alias: string[];
		};
		expect(codex.categories).toEqual(['AI']);
		expect(codex.subcategories.AI).toContain('Root Nodes');
		expect(codex.subcategories.AI).not.toContain('Language Models');
		expect(codex.alias.map((alias) => alias.toLowerCase())).toEqual(
			expect.arrayContaining(['llm', 'embedding', 'text to speech']),
		);
	});
});

describe('Social Data Trigger', () => {
	it('names the chosen event in words on the canvas', () => {
		const trigger = new SocialDataTrigger().description;
		const lookup = /^=\{\{ \((.*)\)\[\$parameter\["event"\]\] \}\}$/.exec(trigger.subtitle!);
		const names = JSON.parse(lookup![1]) as Record<string, string>;
		const events = trigger.properties.find((property) => property.name === 'event')!
			.options as INodePropertyOptions[];
		expect(events.length).toBeGreaterThan(5);
		for (const event of events) expect(names[String(event.value)]).toBe(event.name);
	});
});

describe('the credential form', () => {
	const credential = new SocialGatewayApi();
	const field = (name: string) => credential.properties.find((property) => property.name === name)!;

	it('has no loopback default: the Base URL is empty and required, with a placeholder', () => {
		expect(field('baseUrl')).toMatchObject({ default: '', required: true });
		expect(field('baseUrl').placeholder).toMatch(/^https:\/\//);
		expect(JSON.stringify(credential.properties)).not.toMatch(/127\.0\.0\.1|localhost/);
	});

	it('keeps rarely changed fields behind Advanced Settings, after the fields a first test needs', () => {
		const order = credential.properties.map((property) => property.name);
		expect(order.slice(0, 2)).toEqual(['apiKey', 'baseUrl']);
		for (const name of ['provider', 'interfaceNames', 'compatVersion', 'avatarRoutingName']) {
			expect(field(name).displayOptions?.show).toEqual({ advancedSettings: [true] });
		}
		// A new user fills in nothing there: the defaults are the real service's.
		expect(field('provider').default).toBe('tikhub');
		expect(field('interfaceNames').default).toBe('upstream');
		expect(field('compatVersion').description).toMatch(/anthropic-version.*compat-version/);
		expect(field('avatarRoutingValue').description).toMatch(/Avatar Assets/);
	});

	it('links its documentation page, which exists', () => {
		const { existsSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
		const page = /blob\/main\/(.+)$/.exec(credential.documentationUrl)![1];
		expect(existsSync(`${__dirname}/../../${page}`)).toBe(true);
	});
});
