/** @type {import('jest').Config} */
const shared = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
};

module.exports = {
	projects: [
		{
			...shared,
			displayName: 'unit',
			testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
		},
		{
			...shared,
			displayName: 'simulator',
			testMatch: ['<rootDir>/test/simulator/**/*.test.ts'],
		},
		{
			...shared,
			displayName: 'workflow',
			testMatch: ['<rootDir>/test/workflow/**/*.test.ts'],
		},
		{
			...shared,
			displayName: 'reliability',
			testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
		},
		{ ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
	],
};
