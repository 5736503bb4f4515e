// ESLint for the TypeScript that is not shipped: the simulator, the real-n8n tools, the tests, the
// benchmarks and the scripts (`npm run lint:tooling`, part of `npm run lint`). What is shipped
// (package.json, nodes/, credentials/) is linted by `n8n-node lint` with n8n's own configuration,
// eslint.config.mjs, which strict mode requires to stay n8n's default: hence this second file.
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{
		files: [
			'simulator/**/*.ts',
			'tools/**/*.ts',
			'test/**/*.ts',
			'bench/**/*.ts',
			'scripts/**/*.ts',
		],
		extends: [tseslint.configs.recommended],
		rules: {
			// A rest sibling is how these files copy an object without some keys
			// (`const { devDependencies, ...kept } = packageJson`): the named keys are left out on purpose.
			'@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
		},
	},
	{
		// The simulator's model routes read request bodies of any shape a client may send, and the
		// simulator's own tests read its answers straight from JSON: `any` is the type JSON.parse gives
		// them, and spelling out each wire shape in these files would add casts, not checks.
		files: ['simulator/routes/model/**/*.ts', 'test/simulator/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
);
