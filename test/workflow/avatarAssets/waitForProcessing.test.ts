import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../../../simulator';
import { avatarSim } from '../../../simulator/routes/avatar';
import { byId, callsTo, createGroup, runAvatar, uploadAsset, useAvatarSimulator } from './setup';

let sim: Simulator;
let groupId: string;
useAvatarSimulator((started) => (sim = started));
beforeEach(async () => {
	groupId = await createGroup(sim, 'waiting room');
	sim.reset();
});

const FAST = { pollIntervalSeconds: 0.02, maxWaitSeconds: 5 };

const uploadAndWait = (
	options: INodeParameters = FAST,
	url = 'https://cdn.example.com/portrait.jpg',
	continueOnFail = false,
) =>
	runAvatar(
		sim,
		{
			resource: 'asset',
			operation: 'upload',
			GroupId: byId(groupId),
			URL: url,
			AssetType: 'Image',
			options,
		},
		{ continueOnFail },
	);

const polls = () => callsTo(sim, 'GET', /^\/v1\/private-avatar\/assets\//);

describe('Avatar Assets: upload and wait until processed', () => {
	it('waits by default and outputs the asset once Active', async () => {
		avatarSim(sim).queuePlans({ outcome: 'Active', afterPolls: 4 });
		const started = Date.now();
		const run = await uploadAndWait();
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(1);
		expect(run.json[0]).toMatchObject({
			GroupId: groupId,
			Status: 'Active',
			URL: 'https://cdn.example.com/portrait.jpg',
			AssetType: 'Image',
		});
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
		expect(polls()).toHaveLength(4);
		expect(
			polls().every((poll) => poll.path === `/v1/private-avatar/assets/${run.json[0].Id}`),
		).toBe(true);
		// three pauses of 20 ms between the four polls: the interval is honoured, not a busy loop
		expect(Date.now() - started).toBeGreaterThanOrEqual(60);
	});

	it('fails naming the asset and the service reason when processing fails', async () => {
		avatarSim(sim).queuePlans({
			outcome: 'Failed',
			afterPolls: 2,
			error: { Code: 'FaceMismatch', Message: 'No usable face found' },
		});
		const run = await uploadAndWait();
		const assetId = [...avatarSim(sim).assets.keys()][0];
		expect(run.error?.message).toBe(
			`Asset ${assetId} failed processing: FaceMismatch: No usable face found`,
		);
		expect(polls()).toHaveLength(2);
	});

	it('reports a failed asset: its Error {Code, Message} in Wait for Processing, and Get shows it', async () => {
		avatarSim(sim).queuePlans({
			outcome: 'Failed',
			afterPolls: 1,
			error: { Code: 'InputImageSensitiveContentDetected', Message: 'audit rejected' },
		});
		const assetId = await uploadAsset(sim, groupId);
		const waited = await runAvatar(
			sim,
			{ resource: 'asset', operation: 'waitForProcessing', AssetId: byId(assetId), options: FAST },
			{ continueOnFail: true },
		);
		expect(waited.json).toEqual([
			{
				error: `Asset ${assetId} failed processing: InputImageSensitiveContentDetected: audit rejected`,
				endpoint: 'GET /v1/private-avatar/assets/{id}',
				status: null,
				serviceMessage: 'InputImageSensitiveContentDetected: audit rejected',
				assetId,
				assetStatus: 'Failed',
			},
		]);
		// Get is a successful query of a Failed asset: the item carries the service's Error as it is
		const got = await runAvatar(sim, {
			resource: 'asset',
			operation: 'get',
			AssetId: byId(assetId),
		});
		expect(got.error).toBeUndefined();
		expect(got.json).toEqual([
			expect.objectContaining({
				Id: assetId,
				Status: 'Failed',
				Error: { Code: 'InputImageSensitiveContentDetected', Message: 'audit rejected' },
			}),
		]);
	});

	it.each<[string, Record<string, unknown>, string]>([
		['FailReason', { FailReason: 'No usable face found' }, 'No usable face found'],
		['FailedReason', { FailedReason: 'No usable face found' }, 'No usable face found'],
		[
			'ErrorCode and ErrorMessage',
			{ ErrorCode: 'FaceMismatch', ErrorMessage: 'No usable face found' },
			'FaceMismatch: No usable face found',
		],
		['Reason', { Reason: 'No usable face found' }, 'No usable face found'],
		['Message', { Message: 'No usable face found' }, 'No usable face found'],
		['StatusMessage', { StatusMessage: 'No usable face found' }, 'No usable face found'],
		['Error as text', { Error: 'No usable face found' }, 'No usable face found'],
		[
			'Error with Code and Reason',
			{ Error: { Code: 'FaceMismatch', Reason: 'No usable face found' } },
			'FaceMismatch: No usable face found',
		],
		[
			'Result.Error nested',
			{ Result: { Error: { Code: 'FaceMismatch', Message: 'No usable face found' } } },
			'FaceMismatch: No usable face found',
		],
		['snake_case fail_reason', { fail_reason: 'No usable face found' }, 'No usable face found'],
	])('gives the reason of a Failed asset reported in %s', async (_field, failureFields, reason) => {
		avatarSim(sim).queuePlans({ outcome: 'Failed', afterPolls: 1, failureFields });
		const run = await uploadAndWait(FAST, 'https://cdn.example.com/portrait.jpg', true);
		const assetId = [...avatarSim(sim).assets.keys()][0];
		expect(run.json).toEqual([
			expect.objectContaining({
				error: `Asset ${assetId} failed processing: ${reason}`,
				serviceMessage: reason,
				assetId,
				assetStatus: 'Failed',
			}),
		]);
	});

	it('turns Failed into an error item carrying the asset id under Continue On Fail', async () => {
		const run = await uploadAndWait(
			FAST,
			'https://cdn.example.com/blurred.jpg?sim_outcome=Failed&sim_polls=1',
			true,
		);
		const assetId = [...avatarSim(sim).assets.keys()][0];
		expect(run.json).toEqual([
			{
				error: `Asset ${assetId} failed processing: InvalidMaterial: The material could not be processed`,
				endpoint: 'POST /v1/private-avatar/assets',
				status: null,
				serviceMessage: 'InvalidMaterial: The material could not be processed',
				assetId,
				assetStatus: 'Failed',
			},
		]);
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('gives up after the maximum wait with an error that gives the asset id, then polls it later', async () => {
		avatarSim(sim).queuePlans({ outcome: 'Active' });
		const started = Date.now();
		const run = await uploadAndWait({ pollIntervalSeconds: 0.05, maxWaitSeconds: 0.3 });
		const elapsed = Date.now() - started;
		const assetId = [...avatarSim(sim).assets.keys()][0];
		expect(run.error?.message).toMatch(
			new RegExp(
				`^Asset ${assetId} is still Processing after 0\\.\\d s \\(\\d+ polls\\); the maximum wait has passed$`,
			),
		);
		expect((run.error as { description?: string }).description).toContain(`asset id ${assetId}`);
		expect(elapsed).toBeGreaterThanOrEqual(300);
		expect(elapsed).toBeLessThan(3000);
		// one poll at once, then about one per 50 ms, the last on the deadline
		expect(polls().length).toBeGreaterThanOrEqual(4);
		expect(polls().length).toBeLessThanOrEqual(8);

		// The asset was kept: "Wait for Processing" picks it up once the service has finished.
		const record = avatarSim(sim).assets.get(assetId)!;
		record.plan = { outcome: 'Active', afterPolls: record.polls + 2 };
		const later = await runAvatar(sim, {
			resource: 'asset',
			operation: 'waitForProcessing',
			AssetId: byId(assetId),
			options: FAST,
		});
		expect(later.error).toBeUndefined();
		expect(later.json).toEqual([expect.objectContaining({ Id: assetId, Status: 'Active' })]);
	});

	it('gives a timeout error item with the asset id under Continue On Fail, and goes on with the other items', async () => {
		const run = await runAvatar(
			sim,
			{
				resource: 'asset',
				operation: 'upload',
				GroupId: byId(groupId),
				URL: '={{ $json.url }}',
				AssetType: 'Image',
				options: { pollIntervalSeconds: 0.02, maxWaitSeconds: 0.1 },
			},
			{
				continueOnFail: true,
				inputItems: [
					{ json: { url: 'https://cdn.example.com/slow.jpg?sim_outcome=Never' } },
					{ json: { url: 'https://cdn.example.com/fast.jpg?sim_polls=1' } },
				],
			},
		);
		const [slowId, fastId] = [...avatarSim(sim).assets.keys()];
		expect(run.json).toHaveLength(2);
		expect(run.json[0]).toMatchObject({ assetId: slowId, assetStatus: 'Processing', status: null });
		expect(run.json[0].error).toContain(`Asset ${slowId} is still Processing`);
		expect(run.json[1]).toMatchObject({ Id: fastId, Status: 'Active' });
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('waits as an operation of its own, also for processing that ends on the virtual clock', async () => {
		const assetId = await uploadAsset(sim, groupId, {
			URL: 'https://cdn.example.com/clip.mp4?sim_ms=60000',
			AssetType: 'Video',
		});
		const waiting = runAvatar(sim, {
			resource: 'asset',
			operation: 'waitForProcessing',
			AssetId: byId(assetId),
			options: { pollIntervalSeconds: 0.02, maxWaitSeconds: 10 },
		});
		// Processing ends only after the node has polled once (on a busy machine that may take a while).
		for (let waited = 0; polls().length === 0 && waited < 10_000; waited += 10)
			await new Promise((resolve) => setTimeout(resolve, 10));
		sim.clock.advance(60_000);
		const run = await waiting;
		expect(run.error).toBeUndefined();
		expect(run.json).toEqual([
			expect.objectContaining({ Id: assetId, Status: 'Active', AssetType: 'Video' }),
		]);
		expect(polls().length).toBeGreaterThanOrEqual(2);
	});

	it('keeps the asset id when a poll itself fails', async () => {
		sim.faults.queue({ endpoint: 'GetAsset', status: 500 });
		const run = await uploadAndWait(FAST, 'https://cdn.example.com/portrait.jpg', true);
		const assetId = [...avatarSim(sim).assets.keys()][0];
		expect(run.json).toEqual([
			expect.objectContaining({
				error: expect.stringContaining(`HTTP 500`),
				endpoint: `GET /v1/private-avatar/assets/${assetId}`,
				status: 500,
				assetId,
			}),
		]);
		expect(run.json[0].error).toContain(
			`while waiting for asset ${assetId}; it may still become Active, poll it later`,
		);
	});

	it('outputs the upload answer at once when waiting is off', async () => {
		const run = await runAvatar(sim, {
			resource: 'asset',
			operation: 'upload',
			GroupId: byId(groupId),
			URL: 'https://cdn.example.com/a.jpg',
			AssetType: 'Audio',
			waitForProcessing: false,
		});
		expect(run.json).toEqual([
			expect.objectContaining({
				Id: expect.stringMatching(/^asset-/),
				Status: 'Processing',
				AssetType: 'Audio',
			}),
		]);
		expect(polls()).toHaveLength(0);
	});
});
