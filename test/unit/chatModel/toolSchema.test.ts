import { z } from 'zod';
import * as z4 from 'zod/v4';
import { toolParametersSchema } from '../../../nodes/SocialGatewayChatModel/model/toolSchema';

/**
 * Tool parameters go to the model as JSON Schema whichever Zod built them: the SDK's own copy
 * (converted by the SDK) or another one it does not recognise (Zod 4 here, as a stand-in for n8n's
 * nodes-as-tools built with a copy the SDK was not installed with), read by shape.
 */

const tool = (inputSchema: unknown) => ({
	type: 'function' as const,
	name: 'Search_Notes',
	description: 'Search notes',
	inputSchema: inputSchema as never,
});

describe('tool parameters as JSON Schema', () => {
	test('a schema of a Zod copy the SDK does not know: properties, types, descriptions, required', () => {
		const schema = z4.object({
			keyword: z4.string().describe('The brand to search for'),
			limit: z4.number().optional(),
			fresh: z4.boolean().default(false),
			sort: z4.enum(['latest', 'popular']),
			tags: z4.array(z4.string()),
		});
		expect(toolParametersSchema(tool(schema))).toEqual({
			type: 'object',
			properties: {
				keyword: { type: 'string', description: 'The brand to search for' },
				limit: { type: 'number' },
				fresh: { type: 'boolean' },
				sort: { type: 'string', enum: ['latest', 'popular'] },
				tags: { type: 'array', items: { type: 'string' } },
			},
			required: ['keyword', 'sort', 'tags'],
			additionalProperties: false,
		});
	});

	test('a Zod 3 schema like the one n8n builds from $fromAI() keeps its keyword as a required string', () => {
		const schema = z.object({ keyword: z.string().describe('The brand to search for') }).required();
		const json = toolParametersSchema(tool(schema)) as {
			type: string;
			properties: Record<string, { type: string; description?: string }>;
			required: string[];
		};
		expect(json.type).toBe('object');
		expect(json.properties.keyword).toMatchObject({
			type: 'string',
			description: 'The brand to search for',
		});
		expect(json.required).toEqual(['keyword']);
		expect(JSON.stringify(json)).not.toContain('_def');
	});

	test("a Zod 3 schema from another copy (not an instance of the SDK's Zod) is read by its shape", () => {
		const real = z.object({
			keyword: z.string().describe('Brand'),
			page: z.number().int().optional(),
		});
		// The same object seen through another module copy: the prototype chain does not lead to the SDK's ZodType.
		const foreign = Object.setPrototypeOf(
			{ ...real, _def: real._def, description: undefined },
			Object.prototype,
		);
		expect(toolParametersSchema(tool(foreign))).toEqual({
			type: 'object',
			properties: { keyword: { type: 'string', description: 'Brand' }, page: { type: 'number' } },
			required: ['keyword'],
			additionalProperties: false,
		});
	});

	test('JSON Schema given as such passes unchanged', () => {
		const given = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
		expect(toolParametersSchema(tool(given))).toBe(given);
	});
});
