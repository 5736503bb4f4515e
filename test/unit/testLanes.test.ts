import * as fs from 'node:fs';
import * as path from 'node:path';
import { E2E_SECONDS, e2eLaneCount, formatSeconds, longestFirst } from '../../scripts/testLanes';

describe('npm test lanes', () => {
	it('hands out the e2e files longest first, a file without a measured time as a long one', () => {
		const order = longestFirst(
			['test/e2e/runnerHelpers.test.ts', 'test/e2e/new.test.ts', 'test/e2e/queueMode.test.ts'],
			{ 'runnerHelpers.test.ts': 5, 'queueMode.test.ts': 900 },
		);

		expect(order).toEqual([
			'test/e2e/queueMode.test.ts',
			'test/e2e/new.test.ts',
			'test/e2e/runnerHelpers.test.ts',
		]);
	});

	it('keeps measured times only for e2e files that exist', () => {
		const files = fs.readdirSync(path.join(__dirname, '..', 'e2e'));

		expect(Object.keys(E2E_SECONDS).filter((file) => !files.includes(file))).toEqual([]);
	});

	it('reads the lane count from TEST_E2E_LANES and refuses a count that is not a whole number', () => {
		expect(e2eLaneCount({})).toBe(1);
		expect(e2eLaneCount({ TEST_E2E_LANES: '3' })).toBe(3);
		expect(() => e2eLaneCount({ TEST_E2E_LANES: '0' })).toThrow('TEST_E2E_LANES');
		expect(() => e2eLaneCount({ TEST_E2E_LANES: 'two' })).toThrow('"two"');
	});

	it('prints durations in seconds, and in minutes and seconds from a minute on', () => {
		expect(formatSeconds(8.25)).toBe('8.3 s');
		expect(formatSeconds(59.97)).toBe('1 min 00 s');
		expect(formatSeconds(185)).toBe('3 min 05 s');
		expect(formatSeconds(599.6)).toBe('10 min 00 s');
	});
});
