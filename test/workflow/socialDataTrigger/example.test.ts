import * as fs from 'node:fs';
import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { ActiveTrigger, jsonOf, useArrivingSimulator } from './setup';

// The shipped example's trigger, parameters unchanged, against the simulator: a manual execution
// shows the latest notes as mentions, the active workflow then emits only notes that arrive.

let sim: Simulator;
useArrivingSimulator((started) => (sim = started));

const example = JSON.parse(
	fs.readFileSync('examples/social-data-trigger-new-mentions.json', 'utf8'),
) as {
	nodes: Array<{ type: string; parameters: INodeParameters }>;
};
const trigger = example.nodes.find(
	(node) => node.type === 'n8n-nodes-social-gateway.socialDataTrigger',
)!;

test('the example workflow trigger works as shipped: a sample, then new notes as mentions, once each', async () => {
	const active = new ActiveTrigger(sim, trigger.parameters);
	const sample = await active.poll('manual');
	expect(sample.error).toBeUndefined();
	expect(jsonOf(sample)).toHaveLength(10);
	expect(jsonOf(sample)[0]).toMatchObject({ platform: 'notes', id: expect.any(String) });

	expect(await active.poll()).toMatchObject({ items: null, calls: 1 });
	await active.arrive(4);
	const mentions = jsonOf(await active.poll());
	expect(mentions).toHaveLength(4);
	expect(mentions.map((mention) => mention.title)).toEqual(
		expect.arrayContaining([expect.stringContaining('acme')]),
	);
	expect(await active.poll()).toMatchObject({ items: null, calls: 1 });
});
