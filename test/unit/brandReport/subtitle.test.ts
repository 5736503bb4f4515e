import type { INodePropertyOptions } from 'n8n-workflow';
import { BrandReport } from '../../../nodes/BrandReport/BrandReport.node';

const description = new BrandReport().description;

test('the canvas subtitle names each of the operations', () => {
	const lookup = /^=\{\{ \((\{.*\})\)\[\$parameter\["operation"\]\] \}\}$/.exec(
		description.subtitle!,
	);
	expect(lookup).not.toBeNull();
	const subtitles = JSON.parse(lookup![1]) as Record<string, string>;
	const operations = description.properties.find((property) => property.name === 'operation')!
		.options as INodePropertyOptions[];
	expect(subtitles).toEqual(
		Object.fromEntries(operations.map((option) => [option.value, option.name])),
	);
	expect(Object.keys(subtitles)).toEqual([
		'buildAlert',
		'buildReport',
		'checkRules',
		'checkSpikes',
		'matchRules',
	]);
});
