import type {
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
	IParameterBuilderHint,
} from 'n8n-workflow';
import { AvatarAssets } from '../../nodes/AvatarAssets/AvatarAssets.node';
import { BrandReport } from '../../nodes/BrandReport/BrandReport.node';
import { ModelGateway } from '../../nodes/ModelGateway/ModelGateway.node';
import { ENDPOINTS } from '../../nodes/SocialData/descriptor';
import { SocialData } from '../../nodes/SocialData/SocialData.node';
import { SocialDataTrigger } from '../../nodes/SocialData/SocialDataTrigger.node';
import { TRIGGER_EVENTS } from '../../nodes/SocialData/trigger/events';
import { SocialGatewayChatModel } from '../../nodes/SocialGatewayChatModel/SocialGatewayChatModel.node';

// n8n's AI workflow builder reads `builderHint`: on a node description (searchHint, relatedNodes)
// to choose nodes, on options and parameters (propertyHint) to fill them.

const nodes: INodeTypeDescription[] = [
	new SocialData().description,
	new SocialDataTrigger().description,
	new ModelGateway().description,
	new AvatarAssets().description,
	new SocialGatewayChatModel().description,
	new BrandReport().description,
];
const [socialData, trigger] = nodes;

/** Every choice of the node's operation (or event) dropdowns, with the resource it belongs to. */
function operationsOf(description: INodeTypeDescription) {
	return description.properties
		.filter((property) => property.name === 'operation' || property.name === 'event')
		.flatMap((property) =>
			(property.options as INodePropertyOptions[]).map((option) => ({
				key: `${String(property.displayOptions?.show?.resource ?? '')}:${String(option.value)}`,
				hint: option.builderHint,
			})),
		);
}

const PACK_TYPES = new Set(nodes.map((description) => description.name));

describe.each(nodes.map((description) => [description.displayName, description] as const))(
	'%s',
	(_, description) => {
		test('tells the builder what the node is for, and the pack nodes it names exist', () => {
			const hint = description.builderHint;
			expect(hint?.searchHint?.length).toBeGreaterThan(80);
			for (const related of hint?.relatedNodes ?? []) {
				expect(related.relationHint.length).toBeGreaterThan(10);
				const [pack, type] = related.nodeType.split('.');
				if (pack === 'n8n-nodes-social-gateway')
					expect(PACK_TYPES.has(type.replace(/Tool$/, ''))).toBe(true);
			}
		});

		test('every operation has a short hint of its own', () => {
			const operations = operationsOf(description);
			const unhinted = operations
				.filter(
					({ hint }) =>
						!(hint && hint.propertyHint.length >= 20 && hint.propertyHint.length <= 400),
				)
				.map(({ key }) => key);
			expect(unhinted).toEqual([]);
			const hints = operations.map(({ hint }) => hint!.propertyHint);
			expect(new Set(hints).size).toBe(hints.length);
		});

		test('every required parameter says how to fill it', () => {
			const unhinted = description.properties
				.filter((property) => property.required && !property.builderHint)
				.map((property) => `${JSON.stringify(property.displayOptions?.show)} ${property.name}`);
			expect(unhinted).toEqual([]);
		});
	},
);

test('Social Data: an operation per endpoint (the 32 of the interface document and those beyond it), Gateway › Run and two downloads, each derived or written once', () => {
	expect(operationsOf(socialData)).toHaveLength(ENDPOINTS.length + 3);
	expect(ENDPOINTS.filter((endpoint) => !endpoint.source)).toHaveLength(32);
});

test('Social Data: an operation hint names the inputs to fill, paging, and the classify pairing for mention sources', () => {
	const hintOf = (operation: string) =>
		operationsOf(socialData).find(({ key }) => key.endsWith(`:${operation}`))!.hint!.propertyHint;
	expect(hintOf('search_notes')).toMatch(/Fill `keyword`/);
	expect(hintOf('search_notes')).toMatch(/`returnAll` or `limit`/);
	expect(hintOf('search_notes')).toMatch(/`options\.mentions`.*Classify in Batches/);
	expect(hintOf('get_note_comments')).toMatch(/one of `note_id` or `share_text`/);
	expect(hintOf('fetch_multi_video')).toMatch(/up to 50 ids per call.*Fill `aweme_ids`/);
	expect(hintOf('fetch_one_video')).not.toMatch(/returnAll|mentions/);
});

test('Social Data and its trigger: every id field an operation needs asks for the id as a string', () => {
	const idFieldsOf = (description: INodeTypeDescription) =>
		description.properties.filter(
			(property: INodeProperties) =>
				(property.displayOptions?.show?.operation || property.displayOptions?.show?.event) &&
				/_id$/.test(property.name),
		);
	expect(idFieldsOf(socialData).length).toBeGreaterThan(10);
	expect(idFieldsOf(trigger).length).toBeGreaterThanOrEqual(2);
	for (const property of [...idFieldsOf(socialData), ...idFieldsOf(trigger)])
		expect([property.name, (property.builderHint as IParameterBuilderHint).propertyHint]).toEqual([
			property.name,
			expect.stringMatching(/as a string/),
		]);
	expect(operationsOf(trigger)).toHaveLength(TRIGGER_EVENTS.length);
});
