/** @type {import('jest').Config} */
const shared = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
};

/** One project per folder of test/, named after it: `npx jest --selectProjects <folder>`. */
const FOLDERS = ['unit', 'simulator', 'workflow', 'reliability', 'e2e'];

module.exports = {
	// In-process n8n runs take about a second; on a busy machine (or two cores shared with an n8n
	// start) jest's default 5 s cut them short. Tests that need longer still say so themselves.
	testTimeout: 30_000,
	projects: FOLDERS.map((folder) => ({
		...shared,
		displayName: folder,
		testMatch: [`<rootDir>/test/${folder}/**/*.test.ts`],
	})),
};
