import { sleep } from 'n8n-workflow';
import { Deadline, DeadlineExpired } from '../../nodes/shared/transport/deadline';

const never = new Promise<never>(() => {});

async function expiryOf(deadline: Deadline): Promise<number> {
	const started = performance.now();
	await expect(deadline.race(never)).rejects.toBeInstanceOf(DeadlineExpired);
	return performance.now() - started;
}

describe('Deadline (one timer for every running deadline)', () => {
	it('a shorter deadline started after a longer one still expires on time', async () => {
		const long = new Deadline(2_000);
		const short = new Deadline(40);
		const waited = await expiryOf(short);
		expect(short.expired).toBe(true);
		expect(waited).toBeGreaterThanOrEqual(35);
		expect(waited).toBeLessThan(1_000);
		expect(long.expired).toBe(false);
		long.clear();
	});

	it('deadlines expire in the order they are due, and a cleared one never does', async () => {
		const first = new Deadline(30);
		const cleared = new Deadline(40);
		const second = new Deadline(60);
		cleared.clear();
		const order: string[] = [];
		await Promise.all([
			expiryOf(first).then(() => order.push('first')),
			expiryOf(second).then(() => order.push('second')),
		]);
		await sleep(20);
		expect(order).toEqual(['first', 'second']);
		expect(cleared.expired).toBe(false);
	});

	it('work that ends in time wins the race, and its deadline can be cleared without expiring', async () => {
		const deadline = new Deadline(50);
		await expect(deadline.race(sleep(5).then(() => 'done'))).resolves.toBe('done');
		deadline.clear();
		await sleep(80);
		expect(deadline.expired).toBe(false);
	});

	it('a result that comes too late goes to the discard callback', async () => {
		const deadline = new Deadline(10);
		const discarded: string[] = [];
		await expect(
			deadline.race(
				sleep(40).then(() => 'late'),
				(late) => discarded.push(late),
			),
		).rejects.toBeInstanceOf(DeadlineExpired);
		await sleep(60);
		expect(discarded).toEqual(['late']);
	});
});
