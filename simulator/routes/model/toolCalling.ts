import { badRequest } from './problems';
import { sentimentOf } from './sentiment';

/**
 * Tool calling in the OpenAI wire format (`tools`, `tool_choice`, assistant `tool_calls`, `tool`
 * messages), with a deterministic "agent brain" for tests:
 * 1. Tools are offered and no tool result follows the last user message: call every tool whose name
 *    or description speaks of searching (else the first tool), all in one turn, with arguments read
 *    off each tool's JSON schema: text fields that name a keyword, query, term, brand or topic get the
 *    brand taken from the question ("… about <brand> this week …"); other required fields their
 *    default, first enum value or minimum.
 * 2. Tool results follow the last user message: a text answer built from them only, quoting the
 *    id and title of every record found, the negative ones first as the posts to answer.
 * `tool_choice: "none"` means no tool call.
 */

export interface WireFunctionTool {
	name: string;
	description: string;
	parameters: JsonSchemaObject;
}

interface JsonSchemaObject {
	type?: unknown;
	properties?: Record<string, JsonSchemaProperty>;
	required?: unknown;
}

interface JsonSchemaProperty {
	type?: unknown;
	description?: unknown;
	default?: unknown;
	enum?: unknown[];
	minimum?: unknown;
}

export interface PlannedToolCall {
	id: string;
	name: string;
	arguments: string;
}

export type AgentTurn =
	| { kind: 'tool-calls'; calls: PlannedToolCall[] }
	| { kind: 'answer'; text: string }
	| { kind: 'no-tools' };

const isObject = (value: unknown): value is Record<string, any> =>
	!!value && typeof value === 'object' && !Array.isArray(value);

/** Reads `tools`: undefined when none were offered. */
export function readTools(body: Record<string, any>): WireFunctionTool[] | undefined {
	if (body.tools === undefined) return undefined;
	if (!Array.isArray(body.tools)) throw badRequest('tools must be an array');
	return body.tools.map((tool: unknown, index: number) => {
		const where = `tools[${index}]`;
		if (!isObject(tool) || tool.type !== 'function' || !isObject(tool.function))
			throw badRequest(`${where} must be {"type":"function","function":{…}}`);
		const { name, description, parameters } = tool.function;
		if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name))
			throw badRequest(`${where}.function.name must match ^[a-zA-Z0-9_-]{1,64}$`);
		if (parameters !== undefined && !isObject(parameters))
			throw badRequest(`${where}.function.parameters must be a JSON Schema object`);
		return {
			name,
			description: typeof description === 'string' ? description : '',
			parameters: (parameters ?? {}) as JsonSchemaObject,
		};
	});
}

/**
 * Checks the tool-call protocol as OpenAI does: every `tool` message answers a call of the assistant
 * message before it, and every call of an assistant message is answered before the conversation goes on.
 */
export function checkToolProtocol(messages: Array<Record<string, any>>): void {
	let open = new Set<string>();
	messages.forEach((message, index) => {
		const where = `messages[${index}]`;
		if (message.role === 'tool') {
			if (typeof message.tool_call_id !== 'string' || !open.has(message.tool_call_id)) {
				throw badRequest(
					`${where}: messages with role 'tool' must be a response to a preceding message with 'tool_calls' (tool_call_id ${JSON.stringify(message.tool_call_id)})`,
				);
			}
			open.delete(message.tool_call_id);
			return;
		}
		if (open.size > 0)
			throw badRequest(
				`${where}: the tool_calls ${[...open].join(', ')} of the assistant message before it were not answered by tool messages`,
			);
		if (message.role === 'assistant' && message.tool_calls !== undefined) {
			if (!Array.isArray(message.tool_calls))
				throw badRequest(`${where}.tool_calls must be an array`);
			open = new Set(
				message.tool_calls.map((call: unknown, callIndex: number) => {
					const callWhere = `${where}.tool_calls[${callIndex}]`;
					if (
						!isObject(call) ||
						typeof call.id !== 'string' ||
						!isObject(call.function) ||
						typeof call.function.name !== 'string'
					) {
						throw badRequest(
							`${callWhere} must be {"id", "type":"function", "function":{"name","arguments"}}`,
						);
					}
					if (typeof call.function.arguments !== 'string')
						throw badRequest(`${callWhere}.function.arguments must be a JSON string`);
					return call.id;
				}),
			);
		}
	});
}

const SEARCH_WORDS = /search|find|look up|mentions?/i;
const KEYWORD_FIELD = /keyword|query|term|brand|topic|search/i;

/** "What are people saying about Acme this week, …" → "Acme"; else a quoted phrase; else the last capitalised word. */
export function brandOf(question: string): string {
	const about =
		/\babout\s+["“]?([^"”,?.!]+?)["”]?(?:\s+(?:this|last|today|in|on|lately|recently)\b|[,?.!]|$)/i.exec(
			question,
		);
	if (about) return about[1].trim();
	const quoted = /["“]([^"”]{1,100})["”]/.exec(question);
	if (quoted) return quoted[1].trim();
	const capitalised = question.match(/\b[A-Z][\w-]*\b/g);
	return capitalised?.[capitalised.length - 1] ?? question.trim().slice(0, 100);
}

function argumentValue(name: string, property: JsonSchemaProperty, brand: string): unknown {
	const described = `${name} ${typeof property.description === 'string' ? property.description : ''}`;
	const type = Array.isArray(property.type) ? property.type[0] : property.type;
	if ((type === 'string' || type === undefined) && KEYWORD_FIELD.test(described)) return brand;
	if (property.default !== undefined) return property.default;
	if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
	if (type === 'integer' || type === 'number')
		return typeof property.minimum === 'number' ? property.minimum : 1;
	if (type === 'boolean') return false;
	return brand;
}

function argumentsFor(tool: WireFunctionTool, brand: string): Record<string, unknown> {
	const properties = tool.parameters.properties ?? {};
	const required = Array.isArray(tool.parameters.required)
		? (tool.parameters.required as string[])
		: Object.keys(properties);
	const args: Record<string, unknown> = {};
	for (const [name, property] of Object.entries(properties)) {
		const keywordLike = KEYWORD_FIELD.test(`${name} ${String(property.description ?? '')}`);
		if (required.includes(name) || keywordLike) args[name] = argumentValue(name, property, brand);
	}
	return args;
}

interface FoundRecord {
	id: string;
	title: string;
	sentiment: ReturnType<typeof sentimentOf>['sentiment'];
}

const ID_KEYS = [
	'id',
	'aweme_id',
	'note_id',
	'object_id',
	'doc_id',
	'docID',
	'comment_id',
	'video_id',
];
const TITLE_KEYS = ['title', 'desc', 'text', 'content', 'display_title'];

/** Records with an id and a title anywhere in a tool result (items, pages, nested `data`). */
function recordsIn(value: unknown, found: FoundRecord[], depth = 0): void {
	if (depth > 8 || found.length >= 50) return;
	if (Array.isArray(value)) {
		for (const entry of value) recordsIn(entry, found, depth + 1);
		return;
	}
	if (!isObject(value)) return;
	const idKey = ID_KEYS.find(
		(key) => typeof value[key] === 'string' || typeof value[key] === 'number',
	);
	const titleKey = TITLE_KEYS.find(
		(key) => typeof value[key] === 'string' && value[key].trim() !== '',
	);
	if (idKey && titleKey) {
		const id = String(value[idKey]);
		const title = String(value[titleKey]).replace(/\s+/g, ' ').trim().slice(0, 120);
		if (!found.some((record) => record.id === id))
			found.push({ id, title, sentiment: sentimentOf(title).sentiment });
		return;
	}
	for (const nested of Object.values(value)) recordsIn(nested, found, depth + 1);
}

function parsedResult(content: unknown): unknown {
	const text =
		typeof content === 'string'
			? content
			: Array.isArray(content)
				? content.map((part) => (isObject(part) ? String(part.text ?? '') : '')).join('')
				: '';
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

function answerFrom(brand: string, results: unknown[]): string {
	const found: FoundRecord[] = [];
	for (const result of results) recordsIn(result, found);
	if (found.length === 0)
		return `The tools found nothing about ${brand} this week, so there are no posts to answer.`;
	const negative = found.filter((record) => record.sentiment === 'negative');
	const toAnswer = negative.length > 0 ? negative : found.slice(0, 3);
	const counts = ['positive', 'neutral', 'negative']
		.map((tone) => `${found.filter((record) => record.sentiment === tone).length} ${tone}`)
		.join(', ');
	const lines = [
		`From the tool results: ${found.length} posts mention ${brand} (${counts}).`,
		`Posts to answer first${negative.length > 0 ? ' (negative)' : ''}:`,
		...toAnswer.map((record) => `- [${record.id}] "${record.title}"`),
		`All posts found: ${found.map((record) => `[${record.id}]`).join(', ')}.`,
	];
	return lines.join('\n');
}

/** Decides the next turn of the simulated agent model. */
export function agentTurn(
	body: Record<string, any>,
	tools: WireFunctionTool[] | undefined,
	lastUserText: string,
): AgentTurn {
	const messages = body.messages as Array<Record<string, any>>;
	const lastUserIndex = messages.map((message) => message.role).lastIndexOf('user');
	const toolResults = messages
		.slice(lastUserIndex + 1)
		.filter((message) => message.role === 'tool');
	const brand = brandOf(lastUserText);
	if (toolResults.length > 0)
		return {
			kind: 'answer',
			text: answerFrom(
				brand,
				toolResults.map((message) => parsedResult(message.content)),
			),
		};
	if (!tools || tools.length === 0 || body.tool_choice === 'none') return { kind: 'no-tools' };
	const searchTools = tools.filter((tool) => SEARCH_WORDS.test(`${tool.name} ${tool.description}`));
	const chosen = searchTools.length > 0 ? searchTools : tools.slice(0, 1);
	const turn = messages.filter((message) => message.role === 'assistant').length;
	return {
		kind: 'tool-calls',
		calls: chosen.map((tool, index) => ({
			id: `call_${turn}_${index}_${tool.name}`.slice(0, 40),
			name: tool.name,
			arguments: JSON.stringify(argumentsFor(tool, brand)),
		})),
	};
}
