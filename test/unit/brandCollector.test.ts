import * as fs from 'node:fs';
import * as path from 'node:path';
import { HELD_COLUMNS, heldRow } from '../../nodes/BrandReport/delivery/heldAlert';
import type { AlertSpike } from '../../nodes/BrandReport/render/spike';
import { parseBrandRules } from '../../nodes/BrandReport/keywordRules/parse';
import { findEndpoint, GROUPS, isWatched, type GroupKey } from '../../nodes/SocialData/descriptor';

/**
 * The shipped brand flows as data: the collector's sources (searches and watched posts' comment
 * lists) all feed All Sources the same way, and every column a flow writes is one its table-create
 * nodes create.
 */

const EXAMPLES_DIR = path.join(__dirname, '..', '..', 'examples');

interface FlowNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	onError?: string;
}
interface Flow {
	nodes: FlowNode[];
	connections: Record<string, { main: Array<Array<{ node: string; index: number }>> }>;
}

const SPIKE: AlertSpike = {
	brand: 'acme',
	label: 'negative',
	windowStart: '2026-11-25T08:00:00.000Z',
	windowEnd: '2026-11-25T09:00:00.000Z',
	count: 8,
	baselinePerWindow: 1.2,
	threshold: 5,
	mentions: [],
};

const load = (file: string) =>
	JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as Flow;
const collector = load('brand-monitoring-hourly-collect.json');
const daily = load('brand-monitoring-daily-report.json');

const node = (flow: Flow, name: string) => flow.nodes.find((candidate) => candidate.name === name)!;
const targets = (flow: Flow, name: string, output = 0) =>
	(flow.connections[name]?.main[output] ?? []).map((link) => link.node);
const sources = collector.nodes.filter(
	(candidate) => candidate.type === 'n8n-nodes-social-gateway.socialData',
);

/** Which Source's outputs by name: `search`, a watched post's platform, the fallback last. */
function whichSourceOutputs(): Record<string, string[]> {
	const { rules } = node(collector, 'Which Source').parameters as {
		rules: { values: Array<{ outputKey: string }> };
	};
	const keys = [...rules.values.map((rule) => rule.outputKey), 'fallback'];
	return Object.fromEntries(
		keys.map((key, output) => [key, targets(collector, 'Which Source', output)]),
	);
}

describe('the shipped brand collector', () => {
	it('feeds every Social Data node, searches and comment lists, into its own input of All Sources', () => {
		const inputs = sources.map(({ name }) => {
			const links = collector.connections[name].main[0];
			expect(links.map((link) => link.node)).toEqual(['All Sources']);
			return links[0].index;
		});
		expect([...inputs].sort((a, b) => a - b)).toEqual(sources.map((_, index) => index));
		expect(node(collector, 'All Sources').parameters.numberInputs).toBe(sources.length);
	});

	it('reads every source from an endpoint of its group that Only New walks and that outputs mentions', () => {
		const endpoints = sources.map(({ name, parameters }) => {
			const endpoint = findEndpoint(String(parameters.operation), parameters.resource as GroupKey);
			return {
				name,
				watched: endpoint !== undefined && isWatched(endpoint),
				mentions: endpoint?.mentions !== undefined,
			};
		});
		expect(endpoints).toEqual(sources.map(({ name }) => ({ name, watched: true, mentions: true })));
	});

	it('reads only what is new in every source, each taking its memory from the same list, with mentions and a walk summary', () => {
		const memory = new Set<unknown>();
		for (const source of sources) {
			const { options, returnAll } = source.parameters as {
				options: Record<string, unknown>;
				returnAll: boolean;
			};
			expect([source.name, returnAll, source.onError]).toEqual([
				source.name,
				true,
				'continueRegularOutput',
			]);
			expect(options).toMatchObject({
				mentions: true,
				onlyNew: true,
				walkSummary: true,
				onlyNewMemoryIn: 'parameter',
				unknownShape: 'fail',
			});
			memory.add(options.onlyNewMemory);
		}
		expect([...memory]).toEqual(["={{ $('Read Memory').all().map(row => row.json.state) }}"]);
	});

	it("counts each search's Look-Back Margin from the schedule's time (Settings › runAt), the comment lists have none", () => {
		const withMargin = sources.filter((source) => {
			const { operation, resource } = source.parameters;
			return findEndpoint(String(operation), resource as GroupKey)?.newestFirst?.searchIndex;
		});
		expect(withMargin.map((source) => source.name).sort()).toEqual(
			[...whichSourceOutputs().search].sort(),
		);
		for (const source of sources)
			expect([source.name, (source.parameters.options as Record<string, unknown>).runAt]).toEqual([
				source.name,
				withMargin.includes(source) ? "={{ $('Settings').first().json.runAt }}" : undefined,
			]);
	});

	it('searches Douyin as a fourth source for every term', () => {
		const outputs = whichSourceOutputs();
		const searches = outputs.search.map((name) => node(collector, name).parameters);
		expect(
			searches.map(({ resource, operation }) => `${String(resource)} › ${String(operation)}`),
		).toEqual([
			'notes › search_notes',
			'search › fetch_search',
			'search › fetch_search_videos',
			'shortVideo › fetch_general_search_v1',
		]);
		for (const search of searches) expect(search.keyword).toBe('={{ $json.term }}');
	});

	it('sends each watched post to the comment list of its platform, by the field that names the post there', () => {
		const outputs = whichSourceOutputs();
		const lists = Object.fromEntries(
			['douyin', 'notes', 'channels', 'articles'].map((platform) => {
				const [name, ...more] = outputs[platform];
				expect(more).toEqual([]);
				const { resource, operation, ...fields } = node(collector, name).parameters;
				delete fields.returnAll;
				delete fields.options;
				return [platform, { endpoint: `${String(resource)} › ${String(operation)}`, fields }];
			}),
		);
		expect(lists).toEqual({
			douyin: {
				endpoint: 'shortVideo › fetch_video_comments',
				fields: { aweme_id: '={{ $json.id }}' },
			},
			notes: { endpoint: 'notes › get_note_comments', fields: { note_id: '={{ $json.id }}' } },
			channels: {
				endpoint: 'channels › fetch_video_comments',
				fields: { object_id: '={{ $json.id }}' },
			},
			articles: {
				endpoint: 'articles › fetch_article_comments',
				fields: { url: '={{ $json.url }}' },
			},
		});
		// A watched post of another platform stops the run before any call, naming the entry.
		expect(outputs.fallback.map((name) => node(collector, name).type)).toEqual([
			'n8n-nodes-base.stopAndError',
		]);
	});

	it('records a source that failed as a whole (n8n passes its input on) as a failure, never as a mention', () => {
		const { rules } = node(collector, 'What Came Back').parameters as {
			rules: { values: Array<{ outputKey: string; conditions: { conditions: unknown[] } }> };
		};
		const mention = JSON.stringify(rules.values.find((rule) => rule.outputKey === 'mention'));
		// A watched post has a platform too: a mention is told by its kind.
		expect(mention).toContain('$json.kind');
		expect(targets(collector, 'What Came Back', rules.values.length)).toEqual(['Failure Row']);
	});

	it('takes brand and term of every mention, walk and failure from All Queries, which every source descends from', () => {
		expect(targets(collector, 'One Item per Term')).toEqual(['All Queries']);
		expect(targets(collector, 'One Item per Watched Post')).toEqual(['All Queries']);
		const rows = ['Match Keyword Rules', 'Walk Row', 'Failure Row'].map((name) =>
			JSON.stringify(node(collector, name).parameters),
		);
		for (const row of rows) {
			expect(row).toContain("$('All Queries').item.json.brand");
			expect(row).not.toContain("$('One Item per Term')");
		}
	});
});

/**
 * The columns a node hands a store: a Set node's assignments, or the rows Build Alert puts in
 * `held` (split out one per item).
 */
function columnsWritten(row: FlowNode): string[] {
	if (row.type === 'n8n-nodes-base.splitOut' && row.parameters.fieldToSplitOut === 'held')
		return Object.keys(heldRow(SPIKE, SPIKE.windowStart, Date.now(), true));
	return (row.parameters.assignments as { assignments: Array<{ name: string }> }).assignments.map(
		({ name }) => name,
	);
}

describe('where a run row’s platform comes from', () => {
	const platformOf = (name: string) => {
		const { assignments } = node(collector, name).parameters.assignments as {
			assignments: Array<{ name: string; value: string }>;
		};
		return assignments.find((assignment) => assignment.name === 'platform')?.value;
	};

	it('stores the platform the walk summary and the error item name, not one the flow or the report looks up', () => {
		expect(platformOf('Walk Row')).toContain('$json.onlyNewWalk.platform');
		expect(platformOf('Failure Row')).toContain('$json.platform');
		for (const row of ['Walk Row', 'Failure Row']) expect(platformOf(row)).not.toContain('$(');
	});

	it('Brand Report names no endpoint: a new mention source is one descriptor entry', () => {
		const reportDir = path.join(__dirname, '..', '..', 'nodes', 'BrandReport');
		const files = (dir: string): string[] =>
			fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
				const full = path.join(dir, entry.name);
				if (entry.isDirectory()) return files(full);
				return entry.name.endsWith('.ts') ? [full] : [];
			});
		const code = files(reportDir).map((file) => fs.readFileSync(file, 'utf8'));
		const names = GROUPS.flatMap((group) => group.endpoints.map((endpoint) => endpoint.name));
		// A table holds a name as a key or a quoted string of the code (an error's JSON example may show one).
		for (const name of names)
			for (const text of code)
				expect(text).not.toMatch(new RegExp(`['\`]${name}['\`]|\\b${name}\\s*:`));
	});
});

/** The nodes reachable from `from` along the collector's connections, never entering `without`. */
function reachable(from: string[], without: string): Set<string> {
	const seen = new Set<string>();
	const next = [...from];
	while (next.length) {
		const name = next.pop()!;
		if (name === without || seen.has(name)) continue;
		seen.add(name);
		for (const output of collector.connections[name]?.main ?? [])
			next.push(...output.map((link) => link.node));
	}
	return seen;
}

describe('the collector’s keyword rules', () => {
	const SETTINGS_BRANDS = "={{ $('Settings').first().json.brands }}";

	it('checks every brand’s rules right after Settings, before any table or search', () => {
		expect(targets(collector, 'Settings')).toEqual(['Check Keyword Rules']);
		const check = node(collector, 'Check Keyword Rules');
		expect([check.type, check.parameters]).toEqual([
			'n8n-nodes-social-gateway.brandReport',
			{ operation: 'checkRules', brandRules: SETTINGS_BRANDS },
		]);
		const triggers = ['Every Hour', 'Run Now'];
		const past = reachable(triggers, 'Check Keyword Rules');
		expect([...past].sort()).toEqual(['Every Hour', 'Run Now', 'Settings']);
		// Every source is behind the check.
		const behind = reachable(['Check Keyword Rules'], '');
		expect(sources.filter((source) => !behind.has(source.name))).toEqual([]);
	});

	it('matches every mention against its brand’s rules before it is counted once, classified or stored', () => {
		const { rules } = node(collector, 'What Came Back').parameters as {
			rules: { values: Array<{ outputKey: string }> };
		};
		const mentionOutput = rules.values.findIndex((rule) => rule.outputKey === 'mention');
		expect(targets(collector, 'What Came Back', mentionOutput)).toEqual(['Match Keyword Rules']);
		const match = node(collector, 'Match Keyword Rules');
		expect([match.type, match.parameters]).toEqual([
			'n8n-nodes-social-gateway.brandReport',
			{
				operation: 'matchRules',
				brandRules: SETTINGS_BRANDS,
				brand: "={{ $('All Queries').item.json.brand }}",
				matchComments: false,
			},
		]);
		expect(targets(collector, 'Match Keyword Rules')).toEqual(['Once per Brand']);
		// No way around the rules from a mention to the model, the history or the spikes.
		const bypass = reachable(
			targets(collector, 'What Came Back', mentionOutput),
			'Match Keyword Rules',
		);
		for (const name of ['Classify Sentiment', 'Store Mentions', 'Check Spikes'])
			expect([name, bypass.has(name)]).toEqual([name, false]);
		expect(reachable(['Match Keyword Rules'], '').has('Classify Sentiment')).toBe(true);
	});

	it('ships a rule the team can read: acme as a whole word, not the exact phrase acme hotel', () => {
		const settingsFlow = load('brand-monitoring-settings-and-delivery.json');
		const { assignments } = node(settingsFlow, 'Settings').parameters.assignments as {
			assignments: Array<{ name: string; value: string }>;
		};
		const brands = JSON.parse(assignments.find((entry) => entry.name === 'brands')!.value) as Array<
			Record<string, unknown>
		>;
		expect(brands[0]).toMatchObject({
			brand: 'acme',
			terms: ['acme'],
			rules: { all: ['acme'] },
			exclude: ['acme hotel'],
		});
		expect(parseBrandRules(brands).get('acme')).toEqual({
			any: [],
			all: [['acme']],
			none: [],
			phrase: [],
			exclude: ['acme hotel'],
		});
	});
});

describe('the brand flows’ Data Tables', () => {
	const created = (flow: Flow) =>
		Object.fromEntries(
			flow.nodes
				.filter(
					(table) =>
						table.type === 'n8n-nodes-base.dataTable' && table.parameters.operation === 'create',
				)
				.map((table) => {
					const { column } = table.parameters.columns as { column: Array<{ name: string }> };
					return [String(table.parameters.tableName), column.map(({ name }) => name)];
				}),
		);

	it.each([
		['collector', collector],
		['daily report', daily],
	])('the %s writes only columns its table-create nodes create', (_, flow) => {
		const columns = created(flow);
		const stores = flow.nodes.filter(
			(store) =>
				store.type === 'n8n-nodes-base.dataTable' &&
				['insert', 'upsert'].includes(String(store.parameters.operation)),
		);
		expect(stores.length).toBeGreaterThan(0);
		const missing = stores.flatMap((store) => {
			const table = (store.parameters.dataTableId as { value: string }).value;
			return flow.nodes
				.filter((row) => targets(flow, row.name).includes(store.name))
				.flatMap(columnsWritten)
				.map((name) => `${table}.${name}`)
				.filter((column) => !columns[table]?.includes(column.slice(table.length + 1)));
		});
		expect(missing).toEqual([]);
	});

	it('creates each table both flows use with the same columns, the mention’s kind and post among them', () => {
		const collectorTables = created(collector);
		const dailyTables = created(daily);
		for (const table of ['brand_mentions', 'brand_runs'])
			expect(dailyTables[table]).toEqual(collectorTables[table]);
		expect(collectorTables.brand_mentions).toEqual(expect.arrayContaining(['kind', 'postId']));
		expect(collectorTables.brand_runs).toEqual(expect.arrayContaining(['platform']));
	});
});

describe('routes and quiet hours in the shipped flows', () => {
	const settingsFlow = load('brand-monitoring-settings-and-delivery.json');
	const SETTINGS = "={{ $('Settings').first().json }}";
	const RUN_AT = "={{ $('Settings').first().json.runAt }}";
	const position = (flow: Flow, name: string) =>
		(node(flow, name) as unknown as { position: [number, number] }).position;

	it('creates brand_held_alerts with exactly the columns and types of a held row', () => {
		const table = collector.nodes.find(
			(candidate) =>
				candidate.type === 'n8n-nodes-base.dataTable' &&
				candidate.parameters.tableName === 'brand_held_alerts',
		)!;
		expect(table.parameters.options).toEqual({ createIfNotExists: true });
		const { column } = table.parameters.columns as {
			column: Array<{ name: string; type: string }>;
		};
		expect(Object.fromEntries(column.map(({ name, type }) => [name, type]))).toEqual(HELD_COLUMNS);
		expect(Object.keys(heldRow(SPIKE, SPIKE.windowStart, Date.now(), false))).toEqual(
			Object.keys(HELD_COLUMNS),
		);
	});

	it('routes alerts, the digest and the report from the one Settings, at the run’s time', () => {
		for (const name of ['Build Alert', 'Build Digest']) {
			expect(node(collector, name).parameters.deliverySettings).toBe(SETTINGS);
			expect(node(collector, name).parameters.now).toBe(RUN_AT);
		}
		expect(node(collector, 'Check Spikes').parameters.now).toBe(RUN_AT);
		expect(node(daily, 'Build Report').parameters.deliverySettings).toBe(SETTINGS);
	});

	it('stores what Build Alert holds, after its delivery, and marks it alerted like any alert', () => {
		expect(targets(collector, 'Check Spikes')).toEqual(['Build Alert', 'Alert Row']);
		// v1 order runs the higher branch first: the alerts that go now, then the held rows.
		expect(targets(collector, 'Build Alert')).toEqual(['Deliver Alert', 'One Item per Held Alert']);
		expect(position(collector, 'Deliver Alert')[1]).toBeLessThan(
			position(collector, 'One Item per Held Alert')[1],
		);
		expect(targets(collector, 'One Item per Held Alert')).toEqual(['Store Held Alert']);
		expect(node(collector, 'Store Held Alert').parameters).toMatchObject({
			operation: 'insert',
			dataTableId: { value: 'brand_held_alerts' },
		});
	});

	it('each run starts with the digest: read, build, deliver, and delete only after a delivery that succeeded', () => {
		expect(targets(collector, 'Memory Table')).toEqual(['Held Alerts Table']);
		expect(targets(collector, 'Held Alerts Table')).toEqual(['Read Held Alerts', 'Read Memory']);
		// Above the collection: its branch runs first and whole (a multi-input node of the
		// collection waits for an empty stack, so a branch below it could run before the spike check).
		expect(position(collector, 'Read Held Alerts')[1]).toBeLessThan(
			position(collector, 'Read Memory')[1],
		);
		const read = node(collector, 'Read Held Alerts') as FlowNode & Record<string, unknown>;
		expect(read).toMatchObject({
			executeOnce: true,
			alwaysOutputData: true,
			parameters: {
				operation: 'get',
				returnAll: true,
				dataTableId: { value: 'brand_held_alerts' },
			},
		});
		expect(targets(collector, 'Read Held Alerts')).toEqual(['Build Digest']);
		expect(node(collector, 'Build Digest').parameters.operation).toBe('buildDigest');
		expect(targets(collector, 'Build Digest')).toEqual(['Deliver Digest']);
		const deliver = node(collector, 'Deliver Digest') as FlowNode & Record<string, unknown>;
		expect(deliver.onError).toBe('continueErrorOutput');
		expect(deliver.parameters.workflowId).toEqual(
			node(collector, 'Deliver Alert').parameters.workflowId,
		);
		// Only the success output deletes: a failed delivery leaves the rows for the next run.
		expect(collector.connections['Deliver Digest'].main).toHaveLength(1);
		expect(targets(collector, 'Deliver Digest')).toEqual(['Delete Held Alerts']);
		expect(node(collector, 'Delete Held Alerts')).toMatchObject({
			executeOnce: true,
			parameters: {
				operation: 'deleteRows',
				dataTableId: { value: 'brand_held_alerts' },
				filters: {
					conditions: [
						{
							keyName: 'id',
							condition: 'lte',
							keyValue: "={{ $('Build Digest').first().json.lastHeldId }}",
						},
					],
				},
			},
		});
	});

	it('the delivery sends each item where Brand Report routed it, not to the Settings’ team fields', () => {
		expect(node(settingsFlow, 'Send E-mail').parameters.toEmail).toBe(
			'={{ $json.deliverTo.email }}',
		);
		expect(targets(settingsFlow, 'E-mail Set?')).toEqual(['Send E-mail']);
		for (const name of ['Send to Feishu', 'Send to WeCom', 'Send to DingTalk'])
			expect(node(settingsFlow, name).parameters.url).toBe('={{ $json.url }}');
		const reads = JSON.stringify(
			settingsFlow.nodes
				.filter((candidate) => !['Settings', 'Send E-mail'].includes(candidate.name))
				.map((candidate) => candidate.parameters),
		);
		expect(reads).not.toMatch(/Settings'\)\.first\(\)\.json\.(alertTo|reportTo|\w+Url|\w+Secret)/);
	});

	it('ships a brand with a route of its own and quiet hours that read', () => {
		const { assignments } = node(settingsFlow, 'Settings').parameters.assignments as {
			assignments: Array<{ name: string; value: string; type: string }>;
		};
		const value = (name: string) => assignments.find((entry) => entry.name === name)!;
		const brands = JSON.parse(value('brands').value) as Array<Record<string, unknown>>;
		expect(brands.find((brand) => brand.brand === 'rival')?.alertTo).toMatch(/@/);
		expect(value('quietHours').type).toBe('object');
		expect(JSON.parse(value('quietHours').value)).toEqual({
			from: '22:00',
			to: '08:00',
			email: 'hold',
			urgentFactor: 20,
		});
	});
});
