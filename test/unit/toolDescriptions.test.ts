import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { AvatarAssets } from '../../nodes/AvatarAssets/AvatarAssets.node';
import { ModelGateway } from '../../nodes/ModelGateway/ModelGateway.node';
import { SocialData } from '../../nodes/SocialData/SocialData.node';

/** The descriptions AI agents read (usableAsTool replacements) name only resources and operations the nodes have. */

function toolDescriptionOf(description: INodeTypeDescription): string {
	const usable = description.usableAsTool;
	if (typeof usable !== 'object' || typeof usable.replacements?.description !== 'string')
		throw new Error(`${description.name} has no tool description`);
	return usable.replacements.description;
}

const optionNames = (properties: INodeProperties[], name: string) =>
	properties
		.filter((property) => property.name === name)
		.flatMap((property) => (property.options ?? []) as INodePropertyOptions[])
		.map((option) => option.name);

/** "Resource > Operation" pairs the text cites (a resource may name its platform in parentheses). */
const citedPairs = (text: string) =>
	[
		...text.matchAll(
			/([A-Z][A-Za-z ]*?(?: \([A-Za-z ]+\))?) > ([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*)/g,
		),
	].map((match) => [match[1].trim(), match[2].trim()]);

describe('tool descriptions for AI agents', () => {
	test('Social Data: every operation the description names exists, and ids are asked for as strings', () => {
		const { description } = new SocialData();
		const text = toolDescriptionOf(description);
		const operations = optionNames(description.properties, 'operation');
		const resources = optionNames(description.properties, 'resource');
		for (const name of [
			'Search Notes',
			'Get Note Comments',
			'Get Video Comments',
			'Get Article Comments',
			'Get User Info',
			'Get Channel Info',
		]) {
			expect(text).toContain(name);
			expect(operations).toContain(name);
		}
		for (const [resource, operation] of citedPairs(text)) {
			expect(resources).toContain(resource);
			expect(operations).toContain(operation);
		}
		expect(text).toMatch(/Ids are strings/);
		expect(text).toMatch(/keyword \(1-100 characters\)/);
	});

	test.each([
		['Model Gateway', () => new ModelGateway().description, 7],
		['Avatar Assets', () => new AvatarAssets().description, 8],
	])('%s: every "Resource > Operation" the description names exists', (_name, describe, least) => {
		const description = describe();
		const text = toolDescriptionOf(description);
		const pairs = citedPairs(text);
		expect(pairs.length).toBeGreaterThanOrEqual(least);
		const resources = optionNames(description.properties, 'resource');
		const operations = optionNames(description.properties, 'operation');
		for (const [resource, operation] of pairs) {
			expect(resources).toContain(resource);
			expect(operations).toContain(operation);
		}
	});
});
