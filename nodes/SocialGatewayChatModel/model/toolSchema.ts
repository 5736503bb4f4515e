import type { Tool } from '@n8n/ai-node-sdk';
import { getParametersJsonSchema } from '@n8n/ai-node-sdk';

/**
 * A tool's parameters as JSON Schema. The SDK converts Zod schemas it recognises with `instanceof`;
 * a tool built with another copy of Zod (n8n's nodes-as-tools when the SDK was installed beside the
 * pack, not taken from n8n) is not recognised and would go out as the Zod object itself. Such a
 * schema is read here by its shape (`_def.typeName` of Zod 3, `_zod.def.type` of Zod 4).
 */

type JsonSchema = Record<string, unknown>;

interface ZodLike {
	_def?: Record<string, unknown> & { typeName?: string };
	_zod?: { def?: Record<string, unknown> & { type?: string } };
	description?: string;
}

const isZodLike = (value: unknown): value is ZodLike =>
	typeof value === 'object' &&
	value !== null &&
	(typeof (value as ZodLike)._def === 'object' || typeof (value as ZodLike)._zod === 'object');

function kindOf(schema: ZodLike): { kind: string; def: Record<string, unknown> } {
	if (schema._zod?.def) return { kind: String(schema._zod.def.type ?? ''), def: schema._zod.def };
	const def = schema._def ?? {};
	return {
		kind: String(def.typeName ?? '')
			.replace(/^Zod/, '')
			.toLowerCase(),
		def,
	};
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly', 'catch', 'prefault']);

function isOptional(schema: unknown): boolean {
	if (!isZodLike(schema)) return false;
	const { kind, def } = kindOf(schema);
	if (kind === 'optional' || kind === 'default' || kind === 'prefault') return true;
	return WRAPPERS.has(kind) && isOptional(def.innerType);
}

function shapeOf(def: Record<string, unknown>): Record<string, unknown> {
	const shape = def.shape;
	return (
		(typeof shape === 'function'
			? (shape as () => Record<string, unknown>)()
			: (shape as Record<string, unknown>)) ?? {}
	);
}

function convert(schema: unknown, depth = 0): JsonSchema {
	if (!isZodLike(schema) || depth > 20) return {};
	const { kind, def } = kindOf(schema);
	const described = (result: JsonSchema): JsonSchema =>
		typeof schema.description === 'string'
			? { ...result, description: schema.description }
			: result;
	switch (kind) {
		case 'string':
		case 'number':
		case 'boolean':
		case 'null':
			return described({ type: kind });
		case 'bigint':
		case 'int':
			return described({ type: 'integer' });
		case 'object': {
			const shape = shapeOf(def);
			const properties = Object.fromEntries(
				Object.entries(shape).map(([key, value]) => [key, convert(value, depth + 1)]),
			);
			const required = Object.keys(shape).filter((key) => !isOptional(shape[key]));
			return described({
				type: 'object',
				properties,
				...(required.length ? { required } : {}),
				additionalProperties: false,
			});
		}
		case 'array':
			return described({ type: 'array', items: convert(def.element ?? def.type, depth + 1) });
		case 'record':
			return described({ type: 'object', additionalProperties: convert(def.valueType, depth + 1) });
		case 'enum': {
			const values = Array.isArray(def.values)
				? def.values
				: Object.values((def.entries as Record<string, unknown>) ?? {});
			return described({ type: 'string', enum: values });
		}
		case 'literal':
			return described({ enum: Array.isArray(def.values) ? def.values : [def.value] });
		case 'union':
			return described({
				anyOf: ((def.options as unknown[]) ?? []).map((option) => convert(option, depth + 1)),
			});
		case 'effects':
		case 'pipe':
			return described(convert(def.schema ?? def.in, depth + 1));
		default:
			if (WRAPPERS.has(kind)) {
				const inner = convert(def.innerType, depth + 1);
				return described(kind === 'nullable' ? { anyOf: [inner, { type: 'null' }] } : inner);
			}
			return described({});
	}
}

export function toolParametersSchema(tool: Extract<Tool, { type: 'function' }>): JsonSchema {
	const schema = getParametersJsonSchema(tool) as unknown;
	return isZodLike(schema) ? convert(schema) : (schema as JsonSchema);
}
