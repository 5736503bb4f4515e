import { ENDPOINTS, findEndpoint } from '../../../nodes/SocialData/descriptor';
import type { Simulator } from '../../../simulator';
import { operationParameters, runSocialData } from './setup';
import { useSimulator } from '../../support/useSimulator';

let sim: Simulator;
useSimulator((started) => (sim = started), { pageSize: 4 });

/** The inputs the simulator received, in order, as the JSON the node sent. */
const sentInputs = () =>
	sim.requests
		.filter((request) => request.path === '/api/v1/run')
		.map((request) => JSON.parse(request.bodyText).input as Record<string, unknown>);

const jsonType = (value: unknown) => (typeof value === 'number' ? 'integer' : typeof value);

const paginated = ENDPOINTS.filter((endpoint) => endpoint.pagination);

async function walkThreePages(operation: string, group = findEndpoint(operation)!.group) {
	const { error } = await runSocialData(sim, {
		resource: group,
		operation,
		...operationParameters(sim.dataset.ids, group, operation),
		returnAll: true,
		options: { maxPages: 3 },
	});
	expect(error).toBeUndefined();
	const inputs = sentInputs();
	expect(inputs.length).toBeGreaterThan(1);
	return inputs;
}

describe('Social Data: every cursor goes out in the type the spec gives it, on the first page and on later pages', () => {
	it.each([
		['fetch_user_post_videos', 'string'],
		['fetch_user_like_videos', 'string'],
		['fetch_user_collection_videos', 'string'],
		['fetch_user_collects', 'string'],
		['fetch_user_collects_videos', 'integer'],
		['fetch_user_mix_videos', 'integer'],
	])('%s sends max_cursor as a JSON %s', async (operation, type) => {
		const inputs = await walkThreePages(operation);
		expect(inputs[0].max_cursor).toBe(type === 'string' ? '0' : 0);
		expect(inputs.map((input) => jsonType(input.max_cursor))).toEqual(inputs.map(() => type));
		// Later pages carry the previous answer's value, digit for digit.
		expect(new Set(inputs.map((input) => String(input.max_cursor))).size).toBe(inputs.length);
	});

	it.each(paginated.map((endpoint) => [endpoint.group, endpoint.name, endpoint] as const))(
		'%s › %s: every carried field has the type of its descriptor field',
		async (group, operation, endpoint) => {
			const { cursors = [], sticky = [], counter } = endpoint.pagination!;
			const carried = [
				...cursors.map((carry) => carry.field),
				...sticky.map((carry) => carry.field),
				...(counter ? [counter.field] : []),
			];
			const inputs = await walkThreePages(operation, group);
			for (const name of carried) {
				const field = endpoint.fields.find((candidate) => candidate.name === name)!;
				expect(field).toBeDefined();
				for (const input of inputs) {
					if (input[name] !== undefined)
						expect(`${name}: ${jsonType(input[name])}`).toBe(`${name}: ${field.type}`);
				}
			}
		},
	);
});
