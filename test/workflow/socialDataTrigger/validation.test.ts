import type { INodeParameters } from 'n8n-workflow';
import { SocialDataTrigger } from '../../../nodes/SocialData/SocialDataTrigger.node';
import { pollNode, simulatorCredentials } from '../../../tools/harness';
import type { Simulator } from '../../../simulator';
import { ActiveTrigger, eventParameters, ledgerEntries, useArrivingSimulator } from './setup';

// Bad input fails before any call, with an error naming the field; the API key is never printed.

let sim: Simulator;
useArrivingSimulator((started) => (sim = started));

const cases: Array<[string, (sim: Simulator) => INodeParameters, RegExp]> = [
	[
		'an empty keyword',
		(s) => ({ ...eventParameters(s).newNote, keyword: '   ' }),
		/Field "keyword" \(Keyword\)/,
	],
	[
		'a keyword over 100 characters',
		(s) => ({ ...eventParameters(s).newSearchResult, keyword: 'x'.repeat(101) }),
		/Field "keyword".*1 to 100 characters/,
	],
	[
		'neither note ID nor share text',
		() => ({ event: 'newNoteComment', note_id: '', share_text: '' }),
		/One of the fields "note_id", "share_text" is required/,
	],
	[
		'a video ID that is not digits',
		() => ({ event: 'newVideoComment', object_id: 'abc' }),
		/Field "object_id".*digits only/,
	],
	[
		'a search vertical outside the spec',
		(s) => ({ ...eventParameters(s).newSearchResult, options: { business_type: 'podcasts' } }),
		/Field "business_type".*must be one of/,
	],
];

test.each(cases)('%s fails before any call, naming the field', async (_, parameters, message) => {
	const before = (await ledgerEntries(sim)).length;
	const requests = sim.requests.length;
	const poll = await new ActiveTrigger(sim, parameters(sim)).poll();
	expect(poll.error?.message).toMatch(message);
	expect((await ledgerEntries(sim)).length).toBe(before);
	expect(sim.requests.length).toBe(requests);
});

test('a rejected key fails the poll without printing the key, and the memory is left as it was', async () => {
	const wrongKey = 'sk-wrong-key-that-must-not-leak-42';
	const result = await pollNode({
		node: new SocialDataTrigger(),
		parameters: eventParameters(sim).newNote,
		credentials: simulatorCredentials(sim.url, { apiKey: wrongKey }),
	});
	expect(result.error?.message).toMatch(/401|unauthori[sz]ed|key/i);
	const everything = JSON.stringify({
		error: {
			...result.error,
			message: result.error?.message,
			description: (result.error as { description?: string }).description,
		},
		logs: result.logs,
	});
	expect(everything).not.toContain(wrongKey);
	expect(JSON.stringify(result.staticData)).not.toContain('socialDataTrigger');
});
