import type { ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';
import { ModelGateway } from '../../../nodes/ModelGateway/ModelGateway.node';
import { loadOptionsContext } from '../../../tools/harness/n8nHttp';
import { SIMULATOR_API_KEY, type Simulator } from '../../../simulator';
import { useSimulator } from '../../support/useSimulator';

const node = new ModelGateway();
const { properties } = node.description;

function optionValues(name: string, resource?: string): string[] {
	const property = properties.find(
		(p) => p.name === name && (!resource || p.displayOptions?.show?.resource?.includes(resource)),
	);
	return (property?.options ?? []).map((option) => (option as { value: string }).value);
}

describe('Model Gateway node description', () => {
	it('is the modelGateway node, usable as a tool, with the pack credential', () => {
		expect(node.description).toMatchObject({
			name: 'modelGateway',
			displayName: 'Model Gateway',
			usableAsTool: { replacements: { description: expect.stringContaining('Model > List') } },
			credentials: [{ name: 'socialGatewayApi', required: true }],
		});
	});

	it('offers the resources and operations of the issue', () => {
		expect(optionValues('resource').sort()).toEqual([
			'chat',
			'embedding',
			'image',
			'message',
			'model',
			'native',
			'speech',
			'text',
		]);
		expect(optionValues('operation', 'text')).toEqual(['generate', 'stream']);
		expect(optionValues('operation', 'image')).toEqual(['edit', 'generate', 'predict']);
		expect(optionValues('operation', 'speech')).toEqual(['generate']);
		expect(optionValues('operation', 'embedding')).toEqual(['embed']);
		expect(optionValues('operation', 'chat')).toEqual(['classify', 'complete']);
		expect(optionValues('operation', 'message')).toEqual(['create']);
		expect(optionValues('operation', 'model')).toEqual(['get', 'list', 'listNative']);
		expect(optionValues('operation', 'native')).toEqual(['call']);
	});

	it('gives every operation that needs a model a searchable resource locator with its own default', () => {
		const locators = properties.filter((p) => p.name === 'modelId') as INodeProperties[];
		const byOperation = Object.fromEntries(
			locators.map((p) => [
				`${p.displayOptions?.show?.resource}.${p.displayOptions?.show?.operation}`,
				[
					(p.default as { value: string }).value,
					(p.modes?.[0].typeOptions as { searchListMethod: string }).searchListMethod,
				],
			]),
		);
		expect(byOperation).toEqual({
			'text.generate': ['gemini-2.5-flash', 'searchTextModels'],
			'text.stream': ['gemini-2.5-flash', 'searchTextModels'],
			'image.generate': ['gemini-2.5-flash-image', 'searchImageModels'],
			'image.edit': ['gemini-2.5-flash-image', 'searchImageModels'],
			'image.predict': ['imagen-4.0-generate-001', 'searchPredictionModels'],
			'speech.generate': ['gemini-2.5-flash-preview-tts', 'searchSpeechModels'],
			'embedding.embed': ['gemini-embedding-001', 'searchEmbeddingModels'],
			'chat.complete': ['gemini-2.5-flash', 'searchModels'],
			'chat.classify': ['gemini-2.5-flash', 'searchModels'],
			'message.create': ['gemini-2.5-flash', 'searchModels'],
			'model.get': ['gemini-2.5-flash', 'searchModels'],
			'native.call': ['gemini-2.5-flash', 'searchModels'],
		});
		for (const locator of locators) {
			const method = (
				locator.modes?.[0].typeOptions as { searchListMethod: keyof typeof node.methods.listSearch }
			).searchListMethod;
			expect(typeof node.methods.listSearch[method]).toBe('function');
		}
	});
});

describe('model search lists', () => {
	let sim: Simulator;
	let context: ILoadOptionsFunctions;
	useSimulator(
		(started) => {
			sim = started;
			context = loadOptionsContext({ apiKey: SIMULATOR_API_KEY, baseUrl: sim.url });
		},
		{ reset: 'never' },
	);

	const ids = async (method: keyof typeof node.methods.listSearch, filter?: string) =>
		(await node.methods.listSearch[method].call(context, filter)).results.map(
			(result) => result.value,
		);

	it('narrows GET /v1/models to what each operation can use, and filters by the search text', async () => {
		expect(await ids('searchSpeechModels')).toEqual([
			'gemini-2.5-flash-preview-tts',
			'gemini-2.5-pro-preview-tts',
		]);
		expect(await ids('searchPredictionModels')).toEqual([
			'imagen-4.0-generate-001',
			'imagen-4.0-ultra-generate-001',
		]);
		expect(await ids('searchEmbeddingModels')).toEqual(['gemini-embedding-001']);
		expect(await ids('searchImageModels')).toEqual(
			expect.arrayContaining([
				'gemini-2.5-flash-image',
				'gemini-3-pro-image-preview',
				'gemini-3.1-flash-image-preview',
				'gemini-2.5-flash-image-preview',
				'gemini-3.1-flash-lite-image',
			]),
		);
		expect(await ids('searchTextModels')).toEqual([
			'gemini-2.5-flash',
			'gemini-2.5-pro',
			'gemini-3-pro-preview',
		]);
		expect(await ids('searchImageModels', 'PRO')).toEqual(['gemini-3-pro-image-preview']);
		expect((await ids('searchModels')).length).toBeGreaterThan(10);
		expect(
			sim.requests.every(
				(request) =>
					request.path === '/v1/models' &&
					request.headers.authorization === `Bearer ${SIMULATOR_API_KEY}`,
			),
		).toBe(true);
	});
});

describe('model search lists of a service that speaks the neutral words', () => {
	let context: ILoadOptionsFunctions;
	useSimulator(
		(started) => {
			context = loadOptionsContext({ apiKey: SIMULATOR_API_KEY, baseUrl: started.url });
		},
		{ reset: 'never', interfaceNames: 'neutral' },
	);

	const ids = async (method: keyof typeof node.methods.listSearch) =>
		(await node.methods.listSearch[method].call(context)).results.map((result) => result.value);

	it('decides what a gm-/img- model can do by the same rules', async () => {
		expect(await ids('searchSpeechModels')).toEqual([
			'gm-2.5-flash-preview-tts',
			'gm-2.5-pro-preview-tts',
		]);
		expect(await ids('searchPredictionModels')).toEqual([
			'img-4.0-generate-001',
			'img-4.0-ultra-generate-001',
		]);
		expect(await ids('searchEmbeddingModels')).toEqual(['gm-embedding-001']);
		expect(await ids('searchImageModels')).toContain('gm-3.1-flash-lite-image');
		expect(await ids('searchImageModels')).not.toContain('img-4.0-generate-001');
		expect(await ids('searchTextModels')).toEqual([
			'gm-2.5-flash',
			'gm-2.5-pro',
			'gm-3-pro-preview',
		]);
	});
});
