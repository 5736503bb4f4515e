import type { Simulator } from '../../../simulator';
import { bodyOf, callsTo, runAvatar, useAvatarSimulator } from './setup';

const LIST = '/v1/private-avatar/groups/list';

// The real-person token is the one name the vocabularies give the avatar calls (realPerson.test.ts);
// everything else, paging included, is the same in both.
describe.each(['upstream', 'neutral'] as const)(
	'Avatar Assets with Interface Names %s: Return All over NextToken pages',
	(names) => {
		let sim: Simulator;
		useAvatarSimulator((started) => (sim = started), { interfaceNames: names });
		const credentialFields = { advancedSettings: true, interfaceNames: names };

		it('creates five groups and lists them all, two per page', async () => {
			for (const Name of ['one', 'two', 'three', 'four', 'five']) {
				const run = await runAvatar(
					sim,
					{ resource: 'group', operation: 'create', Name },
					{ credentialFields },
				);
				expect(run.error).toBeUndefined();
			}
			const listed = await runAvatar(
				sim,
				{ resource: 'group', operation: 'list', returnAll: true, options: { PageSize: 2 } },
				{ credentialFields },
			);
			expect(listed.error).toBeUndefined();
			expect(listed.json.map((group) => group.Name)).toEqual([
				'one',
				'two',
				'three',
				'four',
				'five',
			]);
			const bodies = callsTo(sim, 'POST', LIST).map(bodyOf);
			expect(bodies.map((body) => body.MaxResults)).toEqual([2, 2, 2]);
			expect(bodies.map((body) => typeof body.NextToken)).toEqual([
				'undefined',
				'string',
				'string',
			]);
		});
	},
);
