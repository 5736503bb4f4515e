/** @type {import('jest').Config} */
const shared = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
};

/** One project per folder of test/, named after it: `npx jest --selectProjects <folder>`. */
const FOLDERS = ['unit', 'simulator', 'workflow', 'reliability', 'e2e'];

module.exports = {
	projects: FOLDERS.map((folder) => ({
		...shared,
		displayName: folder,
		testMatch: [`<rootDir>/test/${folder}/**/*.test.ts`],
	})),
};
