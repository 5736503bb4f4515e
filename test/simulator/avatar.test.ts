import { SIMULATOR_API_KEY, type Simulator } from '../../simulator';
import { avatarSim, SIM_AVATAR_ROUTING } from '../../simulator/routes/avatar';
import { useSimulator } from '../support/useSimulator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let sim: Simulator;

useSimulator((started) => (sim = started), {
	reset: (started) => {
		started.reset();
		avatarSim(started).clear();
	},
});

const route = { [SIM_AVATAR_ROUTING.name]: SIM_AVATAR_ROUTING.value };

async function callOn(
	target: Simulator,
	method: string,
	path: string,
	body?: Record<string, unknown>,
	query: Record<string, string> = route,
) {
	const url = new URL(target.url + path);
	if (body === undefined)
		for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
	const response = await fetch(url, {
		method,
		headers: { authorization: `Bearer ${SIMULATOR_API_KEY}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as any };
}

const call = (
	method: string,
	path: string,
	body?: Record<string, unknown>,
	query: Record<string, string> = route,
) => callOn(sim, method, path, body, query);

const post = (path: string, body: Record<string, unknown>) =>
	call('POST', path, { ...route, ...body });

async function newGroup(name = 'presenters') {
	const answer = await post('/v1/private-avatar/groups', { Name: name });
	expect(answer.status).toBe(200);
	return answer.body.Result.Id as string;
}

describe('avatar simulator: routing parameter and errors', () => {
	it('refuses body calls without the routing field and path-only calls without the routing query parameter', async () => {
		const noField = await call('POST', '/v1/private-avatar/groups', { Name: 'x' });
		expect(noField.status).toBe(400);
		expect(noField.body.ResponseMetadata.Error.Code).toBe('MissingParameter');
		const wrongValue = await call('POST', '/v1/private-avatar/groups', {
			Name: 'x',
			model: 'other',
		});
		expect(wrongValue.body.ResponseMetadata.Error.Message).toContain('unsupported value');
		const noQuery = await call('GET', '/v1/private-avatar/groups/g-1', undefined, {});
		expect(noQuery.status).toBe(400);
		expect(noQuery.body.ResponseMetadata.Error.Message).toContain('query parameter "model"');
		expect(avatarSim(sim).groups.size).toBe(0);
	});

	it('answers unknown group and asset ids with 404 naming the id', async () => {
		const group = await call('GET', '/v1/private-avatar/groups/group-nope');
		expect(group.status).toBe(404);
		expect(group.body.ResponseMetadata.Error).toEqual({
			Code: 'GroupNotFound',
			Message: 'The group "group-nope" does not exist',
		});
		const asset = await call('DELETE', '/v1/private-avatar/assets/asset-nope');
		expect(asset.status).toBe(404);
		expect(asset.body.ResponseMetadata.Error.Code).toBe('AssetNotFound');
	});

	it('requires Bearer auth', async () => {
		const response = await fetch(`${sim.url}/v1/private-avatar/groups/list`, {
			method: 'POST',
			body: JSON.stringify(route),
		});
		expect(response.status).toBe(401);
	});
});

/** A genuine gateway answer (simulator/recorded/avatar, see its README). */
const captured = (file: string) =>
	JSON.parse(
		readFileSync(join(__dirname, '../../simulator/recorded/avatar', file), 'utf8'),
	) as Record<string, any>;

/** Field names and JSON types of a record, for comparing shapes, not values. */
const shapeOf = (record: Record<string, unknown>, leaveOut: string[] = []) =>
	Object.fromEntries(
		Object.entries(record)
			.filter(([key]) => !leaveOut.includes(key))
			.map(([key, value]) => [key, typeof value]),
	);

describe('avatar simulator: the shapes of genuine answers', () => {
	it('answers groups, assets and lists with the fields and types a genuine gateway answer has', async () => {
		const groupId = await newGroup('shape');
		const group = await call('GET', `/v1/private-avatar/groups/${groupId}`);
		const genuineGroup = captured('groups.get.tgxmaas-2026.json');
		expect(shapeOf(group.body.ResponseMetadata)).toEqual(shapeOf(genuineGroup.ResponseMetadata));
		expect(shapeOf(group.body.Result)).toEqual(shapeOf(genuineGroup.Result));

		const created = await post('/v1/private-avatar/assets', {
			GroupId: groupId,
			URL: 'https://cdn.example.com/a.jpg',
			AssetType: 'Image',
			Name: 'n',
		});
		// the capture's gateway adds its own upstream_asset_id; its author removed the signed URL
		expect(shapeOf(created.body.Result, ['URL'])).toEqual(
			shapeOf(captured('assets.create.tgxmaas-2026.json').Result, ['upstream_asset_id']),
		);
		const list = await post('/v1/private-avatar/assets/list', { MaxResults: 10 });
		const genuineList = captured('assets.list.tgxmaas-2026.json').Result;
		expect(Object.keys(list.body.Result)).toEqual(Object.keys(genuineList));
		const deleted = await call('DELETE', `/v1/private-avatar/groups/${groupId}`);
		expect(shapeOf(deleted.body.Result)).toEqual(
			shapeOf(captured('groups.delete.tgxmaas-2026.json').Result),
		);
	});
});

describe('avatar simulator: groups', () => {
	it('creates, gets, updates (Id equal to the path) and deletes with its assets', async () => {
		const id = await newGroup('first');
		expect(id).toMatch(/^group-20250601120000-[a-z0-9]{5}$/);
		const got = await call('GET', `/v1/private-avatar/groups/${id}`);
		// as a genuine gateway answers (simulator/recorded/avatar): epoch seconds, ProjectName
		const created = Date.UTC(2025, 5, 1, 12) / 1000;
		expect(got.body).toEqual({
			ResponseMetadata: {
				Action: 'GetAssetGroup',
				Region: 'cn-beijing',
				RequestId: expect.any(String),
				Service: 'ark',
				Version: '2024-01-01',
			},
			Result: {
				Id: id,
				Name: 'first',
				Description: '',
				GroupType: 'AIGC',
				ProjectName: 'default',
				CreateTime: created,
				UpdateTime: created,
			},
		});

		const mismatch = await call('PATCH', `/v1/private-avatar/groups/${id}`, {
			...route,
			Id: 'other',
			Name: 'x',
		});
		expect(mismatch.status).toBe(400);
		const patched = await call('PATCH', `/v1/private-avatar/groups/${id}`, {
			...route,
			Id: id,
			Name: 'renamed',
			Description: 'd',
		});
		expect(patched.status).toBe(200);
		expect(patched.body.Result).toMatchObject({ Id: id, Name: 'renamed', Description: 'd' });
		expect(avatarSim(sim).groups.get(id)).toMatchObject({ Name: 'renamed', Description: 'd' });

		await post('/v1/private-avatar/assets', {
			GroupId: id,
			URL: 'https://cdn.example.com/a.jpg',
			AssetType: 'Image',
		});
		expect(avatarSim(sim).assets.size).toBe(1);
		const deleted = await call('DELETE', `/v1/private-avatar/groups/${id}`);
		expect(deleted).toMatchObject({ status: 200, body: { Result: { Id: id } } });
		expect(avatarSim(sim).groups.size).toBe(0);
		expect(avatarSim(sim).assets.size).toBe(0);
	});

	it.each([
		['noContent', 204],
		['emptyOk', 200],
	] as const)(
		'answers DELETE with no body when told (%s: HTTP %i); errors keep their JSON',
		async (answer, status) => {
			const id = await newGroup('gone soon');
			avatarSim(sim).answerDeletesWith(answer);
			const response = await fetch(
				`${sim.url}/v1/private-avatar/groups/${id}?model=${SIM_AVATAR_ROUTING.value}`,
				{
					method: 'DELETE',
					headers: { authorization: `Bearer ${SIMULATOR_API_KEY}` },
				},
			);
			expect(response.status).toBe(status);
			expect(await response.text()).toBe('');
			expect(avatarSim(sim).groups.size).toBe(0);
			const missing = await call('DELETE', `/v1/private-avatar/groups/${id}`);
			expect(missing.status).toBe(404);
			expect(missing.body.ResponseMetadata.Error.Code).toBe('GroupNotFound');
		},
	);

	it('rejects a group without a name', async () => {
		const answer = await post('/v1/private-avatar/groups', { Description: 'no name' });
		expect(answer.status).toBe(400);
		expect(answer.body.ResponseMetadata.Error.Message).toContain('Name is required');
	});

	it('lists by NextToken and MaxResults: the last page has no NextToken', async () => {
		for (const name of ['alpha', 'beta', 'alphabet', 'gamma', 'ALPHA-2']) await newGroup(name);
		const list = (body: Record<string, unknown>) => post('/v1/private-avatar/groups/list', body);
		const first = await list({ Filter: { Name: 'alpha' }, MaxResults: 2 });
		expect(Object.keys(first.body.Result)).toEqual(['Items', 'NextToken']);
		expect(first.body.Result.Items.map((g: any) => g.Name)).toEqual(['alpha', 'alphabet']);
		const last = await list({
			Filter: { Name: 'alpha' },
			MaxResults: 2,
			NextToken: first.body.Result.NextToken,
		});
		expect(last.body.Result).toEqual({ Items: [expect.objectContaining({ Name: 'ALPHA-2' })] });
		const all = await list({});
		expect(all.body.Result.Items).toHaveLength(5);
		expect(all.body.Result.NextToken).toBeUndefined();
		const forged = await list({ NextToken: 'not-a-token' });
		expect(forged.status).toBe(400);
		expect(forged.body.ResponseMetadata.Error.Message).toContain('NextToken is not valid');
		expect((await list({ MaxResults: 0 })).status).toBe(400);
	});

	it('lists by PageNumber and PageSize when asked so, never both ways at once', async () => {
		const ids = [];
		for (const name of ['alpha', 'beta', 'alphabet', 'gamma', 'ALPHA-2'])
			ids.push(await newGroup(name));
		const list = (body: Record<string, unknown>) => post('/v1/private-avatar/groups/list', body);
		const byName = await list({ Filter: { Name: 'alpha' }, PageNumber: 1, PageSize: 2 });
		expect(byName.body.Result).toMatchObject({ TotalCount: 3, PageNumber: 1, PageSize: 2 });
		expect(byName.body.Result.Items.map((g: any) => g.Name)).toEqual(['alpha', 'alphabet']);
		const second = await list({ Filter: { Name: 'alpha' }, PageNumber: 2, PageSize: 2 });
		expect(second.body.Result.Items.map((g: any) => g.Name)).toEqual(['ALPHA-2']);
		const byIds = await list({ Filter: { GroupIds: [ids[1], ids[3]], GroupType: 'AIGC' } });
		expect(byIds.body.Result.Items.map((g: any) => g.Id)).toEqual([ids[1], ids[3]]);
		expect((await list({ PageSize: 0 })).status).toBe(400);
		const mixed = await list({ PageNumber: 1, MaxResults: 2 });
		expect(mixed.status).toBe(400);
		expect(mixed.body.ResponseMetadata.Error.Message).toContain('cannot be combined');
	});

	it('pages only by number when told so, ignoring the token fields', async () => {
		for (const name of ['a', 'b', 'c']) await newGroup(name);
		avatarSim(sim).pageListsBy('pageNumber');
		const answer = await post('/v1/private-avatar/groups/list', { MaxResults: 1 });
		expect(answer.body.Result).toMatchObject({ PageNumber: 1, PageSize: 10, TotalCount: 3 });
		expect(answer.body.Result.NextToken).toBeUndefined();
		expect(() => avatarSim(sim).pageListsBy('cursor' as never)).toThrow(TypeError);
	});

	it('answers a queued error in ResponseMetadata.Error, also on HTTP 200, once', async () => {
		avatarSim(sim).queueError({
			action: 'ListAssetGroups',
			status: 200,
			Code: 'QuotaExceeded',
			Message: 'The account has no avatar quota left',
		});
		const other = await post('/v1/private-avatar/groups', { Name: 'still fine' });
		expect(other.status).toBe(200);
		const refused = await post('/v1/private-avatar/groups/list', {});
		expect(refused.status).toBe(200);
		expect(refused.body).toEqual({
			ResponseMetadata: expect.objectContaining({
				Action: 'ListAssetGroups',
				Error: { Code: 'QuotaExceeded', Message: 'The account has no avatar quota left' },
			}),
		});
		expect((await post('/v1/private-avatar/groups/list', {})).body.Result.Items).toHaveLength(1);
	});
});

describe('avatar simulator: asset processing', () => {
	async function upload(url: string, groupId?: string) {
		const answer = await post('/v1/private-avatar/assets', {
			GroupId: groupId ?? (await newGroup()),
			URL: url,
			AssetType: 'Image',
			Name: 'n',
		});
		expect(answer.status).toBe(200);
		return answer.body.Result.Id as string;
	}
	const status = async (id: string) =>
		(await call('GET', `/v1/private-avatar/assets/${id}`)).body.Result;

	it('goes Processing -> Active on the second poll by default', async () => {
		const id = await upload('https://cdn.example.com/a.jpg');
		expect((await status(id)).Status).toBe('Processing');
		expect((await status(id)).Status).toBe('Active');
		expect((await status(id)).Status).toBe('Active');
	});

	it('follows queued plans and URL hints, Failed with an error', async () => {
		avatarSim(sim).queuePlans({
			outcome: 'Failed',
			afterPolls: 1,
			error: { Code: 'FaceMismatch', Message: 'No face found' },
		});
		const failing = await upload('https://cdn.example.com/b.jpg');
		expect(await status(failing)).toMatchObject({
			Status: 'Failed',
			Error: { Code: 'FaceMismatch', Message: 'No face found' },
		});

		const hinted = await upload('https://cdn.example.com/c.jpg?sim_outcome=Failed&sim_polls=3');
		expect((await status(hinted)).Status).toBe('Processing');
		expect((await status(hinted)).Status).toBe('Processing');
		expect((await status(hinted)).Status).toBe('Failed');
	});

	it('ends by virtual time with sim_ms, and never with sim_outcome=Never', async () => {
		const timed = await upload('https://cdn.example.com/d.mp4?sim_ms=30000');
		const never = await upload('https://cdn.example.com/e.mp4?sim_outcome=Never');
		for (let i = 0; i < 5; i++) expect((await status(timed)).Status).toBe('Processing');
		sim.clock.advance(30_000);
		expect((await status(timed)).Status).toBe('Active');
		sim.clock.advance(3_600_000);
		for (let i = 0; i < 3; i++) expect((await status(never)).Status).toBe('Processing');
	});

	it('refuses relative or non-http URLs, missing fields and unknown groups', async () => {
		const groupId = await newGroup();
		const relative = await post('/v1/private-avatar/assets', {
			GroupId: groupId,
			URL: '/a.jpg',
			AssetType: 'Image',
		});
		expect(relative.body.ResponseMetadata.Error.Message).toContain('absolute');
		const ftp = await post('/v1/private-avatar/assets', {
			GroupId: groupId,
			URL: 'ftp://x/a.jpg',
			AssetType: 'Image',
		});
		expect(ftp.status).toBe(400);
		const noType = await post('/v1/private-avatar/assets', {
			GroupId: groupId,
			URL: 'https://x/a.jpg',
		});
		expect(noType.body.ResponseMetadata.Error.Message).toContain('AssetType is required');
		const noGroup = await post('/v1/private-avatar/assets', {
			GroupId: 'group-x',
			URL: 'https://x/a.jpg',
			AssetType: 'Image',
		});
		expect(noGroup.status).toBe(404);
	});

	it('lists assets filtered by group, status and name, sorted either way', async () => {
		const groupA = await newGroup('a');
		const groupB = await newGroup('b');
		avatarSim(sim).setDefaultPlan({ outcome: 'Active', afterPolls: 1 });
		const names = ['delta', 'alpha', 'charlie', 'bravo'];
		const ids: string[] = [];
		for (const name of names) {
			const answer = await post('/v1/private-avatar/assets', {
				GroupId: groupA,
				URL: 'https://x/a.jpg',
				AssetType: 'Image',
				Name: name,
			});
			ids.push(answer.body.Result.Id);
		}
		await post('/v1/private-avatar/assets', {
			GroupId: groupB,
			URL: 'https://x/b.jpg',
			AssetType: 'Image',
			Name: 'alpha-b',
		});
		await status(ids[1]);
		await status(ids[2]);

		const list = (body: Record<string, unknown>) => post('/v1/private-avatar/assets/list', body);
		const sorted = await list({
			Filter: { GroupIds: [groupA] },
			SortBy: 'Name',
			SortOrder: 'desc',
		});
		expect(sorted.body.Result.Items.map((a: any) => a.Name)).toEqual([
			'delta',
			'charlie',
			'bravo',
			'alpha',
		]);
		const active = await list({
			Filter: { Statuses: ['Active'] },
			SortBy: 'Name',
			SortOrder: 'asc',
		});
		expect(active.body.Result.Items.map((a: any) => a.Name)).toEqual(['alpha', 'charlie']);
		const named = await list({ Filter: { Name: 'ALPHA' }, PageNumber: 1 });
		expect(named.body.Result.TotalCount).toBe(2);
		const upperCase = await list({
			Filter: { GroupIds: [groupB] },
			SortBy: 'Name',
			SortOrder: 'Desc',
		});
		expect(upperCase.body.Result.Items.map((a: any) => a.Name)).toEqual(['alpha-b']);
		expect((await list({ SortBy: 'Name', SortOrder: 'up' })).status).toBe(400);
		expect((await list({ SortBy: 'Colour' })).status).toBe(400);
		expect((await list({ Filter: { Statuses: ['Done'] } })).status).toBe(400);
	});
});

async function session(target: Simulator, field: string) {
	const answer = await callOn(target, 'POST', '/v1/real-avatar/auth/session', {
		...route,
		CallbackURL: 'https://app.example.com/done',
		Lng: 'en',
	});
	expect(answer.status).toBe(200);
	expect(answer.body.Result.H5Link).toContain('redirect=https%3A%2F%2Fapp.example.com%2Fdone');
	expect(Object.keys(answer.body.Result)).toEqual(['H5Link', field]);
	return answer.body.Result[field] as string;
}

describe('avatar simulator: real-person sessions (real names: BytedToken)', () => {
	const exchange = (token: string, field = 'BytedToken') =>
		post('/v1/real-avatar/groups/from-token', { [field]: token });

	it('exchanges a token at exactly 120 s, once, for a real-person group', async () => {
		const token = await session(sim, 'BytedToken');
		sim.clock.advance(120_000);
		const answer = await exchange(token);
		expect(answer.status).toBe(200);
		const groupId = answer.body.Result.Id;
		expect(answer.body.Result).toEqual({ Id: groupId, GroupType: 'LivenessFace' });
		expect(avatarSim(sim).groups.get(groupId)?.GroupType).toBe('LivenessFace');
		expect((await exchange(token)).body.ResponseMetadata.Error.Code).toBe('TokenUsed');
	});

	it('refuses a token 1 ms after its 120 s, and unknown tokens', async () => {
		const token = await session(sim, 'BytedToken');
		sim.clock.advance(120_001);
		const late = await exchange(token);
		expect(late.status).toBe(400);
		expect(late.body.ResponseMetadata.Error.Code).toBe('TokenExpired');
		expect((await exchange('forged')).body.ResponseMetadata.Error.Code).toBe('InvalidToken');
	});

	it('refuses the token under the neutral name AvatarToken, without using it up', async () => {
		const token = await session(sim, 'BytedToken');
		const refused = await exchange(token, 'AvatarToken');
		expect(refused.status).toBe(400);
		expect(refused.body.ResponseMetadata.Error).toEqual({
			Code: 'MissingParameter',
			Message: 'BytedToken is required',
		});
		expect(sim.ledger.entries).toHaveLength(0);
		expect((await exchange(token)).status).toBe(200);
	});

	it('needs an absolute http(s) redirect address', async () => {
		const answer = await post('/v1/real-avatar/auth/session', {
			CallbackURL: 'app.example.com/done',
		});
		expect(answer.status).toBe(400);
		expect(answer.body.ResponseMetadata.Error.Message).toContain('CallbackURL');
	});
});

describe('avatar simulator: real-person sessions (neutral names: AvatarToken)', () => {
	let neutral: Simulator;
	useSimulator((started) => (neutral = started), { interfaceNames: 'neutral' });

	it('gives and takes the token as AvatarToken, and refuses BytedToken', async () => {
		const token = await session(neutral, 'AvatarToken');
		const path = '/v1/real-avatar/groups/from-token';
		const refused = await callOn(neutral, 'POST', path, { ...route, BytedToken: token });
		expect(refused.body.ResponseMetadata.Error).toEqual({
			Code: 'MissingParameter',
			Message: 'AvatarToken is required',
		});
		const exchanged = await callOn(neutral, 'POST', path, { ...route, AvatarToken: token });
		expect(exchanged.body.Result.GroupType).toBe('LivenessFace');
	});
});
