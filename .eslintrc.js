/** n8n's community-node lint rules, as the official starter applies them. */
module.exports = {
	root: true,
	env: { browser: true, es6: true, node: true },
	parser: '@typescript-eslint/parser',
	parserOptions: { project: ['./tsconfig.json'], sourceType: 'module', extraFileExtensions: ['.json'] },
	ignorePatterns: ['.eslintrc.js', '**/*.js', '**/node_modules/**', '**/dist/**', 'test/**', 'bench/**', 'scripts/**'],
	overrides: [
		{
			files: ['package.json'],
			parserOptions: { project: null },
			plugins: ['eslint-plugin-n8n-nodes-base'],
			extends: ['plugin:n8n-nodes-base/community'],
			rules: { 'n8n-nodes-base/community-package-json-name-still-default': 'off' },
		},
		{
			files: ['./credentials/**/*.ts'],
			plugins: ['eslint-plugin-n8n-nodes-base'],
			extends: ['plugin:n8n-nodes-base/credentials'],
			// As in n8n-nodes-starter: this rule expects n8n's internal docs slugs, not a URL.
			rules: { 'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off' },
		},
		{
			files: ['./nodes/**/*.ts'],
			// The endpoint descriptor is plain data that only resembles node parameters.
			excludedFiles: ['./nodes/shared/descriptor/**'],
			plugins: ['eslint-plugin-n8n-nodes-base'],
			extends: ['plugin:n8n-nodes-base/nodes'],
		},
	],
};
