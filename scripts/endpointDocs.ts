import type {
	EndpointDescriptor,
	FieldDescriptor,
	ModePaths,
	NewestFirstDescriptor,
	PopularFirstDescriptor,
} from '../nodes/SocialData/descriptor';
import { endpointPath, GROUPS } from '../nodes/SocialData/descriptor';
import { DATA_PATH_PREFIXES } from '../nodes/shared/transport/wireNames';

/** docs/endpoints.md, generated from the endpoint descriptor (`npm run docs`). */

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Where something sits in the answers: each path once, raw and parsed together. */
const at = (paths: ModePaths) =>
	[...new Set([...paths.raw, ...paths.parsed])].map((path) => `\`${path}\``).join(' / ');

/** What Only New Since Last Run and the trigger read of a newest-first list. */
function newestFirstLine(list: NewestFirstDescriptor): string {
	const order = Object.entries(list.order).map(([field, value]) => `\`${field}=${value}\``);
	const event = list.triggerEvent;
	const facts = [
		order.length ? `sent with ${order.join(', ')}` : 'as the service lists it',
		`a record is named by ${at(list.id)}`,
		list.time ? `created at ${at(list.time)}` : 'records carry no creation time',
		list.pinned ? `records pinned on top (${at(list.pinned)}) never end a walk` : '',
		list.searchIndex ? "a search's list: walks read on over the Look-Back Margin" : '',
	];
	const readers = `Only New Since Last Run${event ? `, trigger event ${event.name} (\`${event.value}\`)` : ''}`;
	return `- Newest first (${readers}): ${facts.filter(Boolean).join('; ')}`;
}

/** What Only New Since Last Run and the trigger read of a list by popularity. */
function popularFirstLine(list: PopularFirstDescriptor): string {
	const event = list.triggerEvent;
	const readers = `Only New Since Last Run${event ? `, trigger event ${event.name} (\`${event.value}\`)` : ''}`;
	return `- By popularity, not newest first (${readers}): a record is named by ${at(list.id)}, created at ${at(list.time)}; a walk reads page one and stops there when the count at ${at(list.total)} is the one of the last complete walk, else it reads every page`;
}

function rules(field: FieldDescriptor): string {
	const parts: string[] = [];
	if (field.required) parts.push('required');
	if (field.oneOf) parts.push(`one of group "${field.oneOf}"`);
	// Required and one-of fields start empty in the editor; that is no default of the service.
	if (field.default !== undefined && !field.required && !field.oneOf)
		parts.push(`default \`${String(field.default)}\``);
	if (field.allowed) {
		parts.push(
			`values ${field.allowed.map((value) => `\`${value.value}\`${value.alias === undefined ? '' : `/${value.alias}`}`).join(', ')}`,
		);
	}
	if (field.trimmedLength)
		parts.push(`${field.trimmedLength.min}–${field.trimmedLength.max} chars after trimming`);
	if (field.minimum !== undefined) parts.push(`≥ ${field.minimum}`);
	if (field.maximum !== undefined) parts.push(`≤ ${field.maximum}`);
	if (field.maxItems !== undefined) parts.push(`at most ${field.maxItems} per call`);
	if (field.prefix) parts.push(`starts with \`${field.prefix}\``);
	if (field.patternHint) parts.push(field.patternHint);
	if (field.bigId) parts.push('64-bit id, kept as a string');
	if (field.secret) parts.push('secret, never output');
	return parts.join('; ');
}

function price(endpoint: EndpointDescriptor): string {
	const { credits, cash, note } = endpoint.price;
	return [`${credits} credits`, cash === undefined ? '' : `cash ${cash}`, note ?? '']
		.filter(Boolean)
		.join('; ');
}

function endpointSection(endpoint: EndpointDescriptor): string {
	const lines = [
		`### \`${endpoint.name}\` — ${endpoint.displayName}`,
		'',
		cell(endpoint.description),
		'',
		`- Path: \`${endpointPath(endpoint)}\` (neutral names: \`${endpointPath(endpoint, 'neutral')}\`)`,
		`- Price: ${price(endpoint)}`,
		`- Client timeout: ${endpoint.timeoutMs / 1000} s${endpoint.minTimeoutMs ? ` (never below ${endpoint.minTimeoutMs / 1000} s)` : ''}`,
	];
	if (endpoint.raw)
		lines.push(
			'- `raw`: accepted; the service assumes `true`, the node sends `false` unless Options › Raw Upstream Answer is on',
		);
	if (endpoint.pagination) {
		const carried = [
			...(endpoint.pagination.cursors ?? []).map((c) => c.field),
			...(endpoint.pagination.sticky ?? []).map((c) => `${c.field} (from page one)`),
			...(endpoint.pagination.counter ? [`${endpoint.pagination.counter.field} (+1 a page)`] : []),
		];
		lines.push(`- Paginated (Return All / Limit): carries ${carried.join(', ')}`);
		const { more, ends = [] } = endpoint.pagination;
		const signals = [
			`${at(more)} does not say more`,
			...ends.map((signal) => `${at(signal.at)} is \`${JSON.stringify(signal.equals)}\``),
		];
		lines.push(`- Last page: ${signals.join(', or ')}`);
	}
	if (endpoint.source)
		lines.push(
			`- Beyond the interface document. Name and parameters: ${cell(endpoint.source.reference)}. Answer shape: ${cell(endpoint.source.answers)}`,
		);
	if (endpoint.newestFirst) lines.push(newestFirstLine(endpoint.newestFirst));
	if (endpoint.popularFirst) lines.push(popularFirstLine(endpoint.popularFirst));
	if (endpoint.batch)
		lines.push(
			`- Batched: \`${endpoint.batch.field}\` split into calls of ${endpoint.batch.maxPerCall}`,
		);
	if (endpoint.fallback)
		lines.push(
			`- Falls back to \`${endpoint.fallback}\` once when it fails without being billed (never after a timeout or a cut-off answer)`,
		);
	if (endpoint.freeFormInput)
		lines.push(
			'- Inputs not fully shown by the spec: extra fields go in "Additional Input (JSON)"',
		);
	lines.push('', '| Field | Type | Rules | Description |', '|---|---|---|---|');
	for (const field of endpoint.fields) {
		lines.push(
			`| \`${field.name}\` | ${field.type} | ${cell(rules(field))} | ${cell(field.description)} |`,
		);
	}
	return lines.join('\n');
}

/** The operations table of the README (between its operations markers). */
export function operationsTable(): string {
	return [
		'| Resource | Operation | Action | Return All |',
		'|---|---|---|---|',
		...GROUPS.flatMap((group) =>
			group.endpoints.map(
				(endpoint) =>
					`| ${group.displayName} (\`${group.key}\`) | \`${endpoint.name}\` | ${endpoint.displayName} | ${endpoint.pagination ? 'yes' : ''} |`,
			),
		),
		'| Gateway (`gateway`) | `run` | Run any data endpoint by its path (`/api/v1/…`) with a JSON input | |',
	].join('\n');
}

const START = '<!-- operations:start -->';
const END = '<!-- operations:end -->';

export function withOperationsTable(readme: string): string {
	const start = readme.indexOf(START);
	const end = readme.indexOf(END);
	if (start < 0 || end < start) throw new Error('README.md has no operations markers');
	return `${readme.slice(0, start + START.length)}\n${operationsTable()}\n${readme.slice(end)}`;
}

/** The endpoints the interface document does not show, each with its public source. */
function beyondTheDocument(): string[] {
	const beyond = GROUPS.flatMap((group) => group.endpoints.filter((endpoint) => endpoint.source));
	if (!beyond.length) return [];
	return [
		'',
		'## Beyond the interface document',
		'',
		'The interface document shows 32 data endpoints and says others exist ("not shown"). The service forwards the upstream API\'s endpoints by their public names; these are in the node as operations. A gateway that does not forward one answers 404 or 400 naming it, and the node says so.',
		'',
		'| Operation | Path | Name and parameters from | Answer shape from |',
		'|---|---|---|---|',
		...beyond.map(
			(endpoint) =>
				`| \`${endpoint.name}\` | \`${endpointPath(endpoint)}\` | ${cell(endpoint.source!.reference)} | ${cell(endpoint.source!.answers)} |`,
		),
	];
}

export function endpointDocs(): string {
	const total = GROUPS.reduce((sum, group) => sum + group.endpoints.length, 0);
	const header = [
		'# Social Data endpoints',
		'',
		'Generated from the endpoint descriptor (`nodes/SocialData/descriptor/`) by `npm run docs`; do not edit by hand.',
		'',
		`${total} endpoints. In the Social Data node the resource is the group key and the operation is the endpoint name.`,
		'',
		"Paths are the real service's (the credential's default Interface Names); with Interface Names › Neutral Names the node sends the interface document's words instead, shown beside each path ([credentials.md › Names on the wire](credentials.md#names-on-the-wire)).",
		'',
		'Channel, article and search endpoints take `raw`. The service answers with the original upstream answer by default (`raw: true`); the node asks for the parsed structure (`raw: false`) unless you turn on **Options › Raw Upstream Answer**, because the parsed structure reads better — flat lists of records with named fields, what the next nodes map and what One Item per Record and Output Normalised Mentions read. Turn it on for fields only the upstream answer has. How the node uses these endpoints (the Options collection, Return All, checks before billing): [social-data.md](social-data.md).',
		'',
		'| Resource | Operation | Action | Price (credits) | Paginated |',
		'|---|---|---|---|---|',
		...GROUPS.flatMap((group) =>
			group.endpoints.map(
				(endpoint) =>
					`| \`${group.key}\` | \`${endpoint.name}\` | ${endpoint.displayName} | ${endpoint.price.credits} | ${endpoint.pagination ? 'yes' : ''} |`,
			),
		),
		'| `gateway` | `run` | Run any data endpoint by path | 0.1 | |',
		...beyondTheDocument(),
	];
	const sections = GROUPS.flatMap((group) => [
		`## ${group.displayName} (\`${group.key}\`, \`${DATA_PATH_PREFIXES[group.key].upstream}\`)`,
		'',
		group.description,
		'',
		...group.endpoints.map((endpoint) => `${endpointSection(endpoint)}\n`),
	]);
	return `${[...header, '', ...sections].join('\n').trimEnd()}\n`;
}
