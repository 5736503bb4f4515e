const { src, dest, task } = require('gulp');

// Icons and codex files are not compiled by tsc, so the build copies them beside the compiled nodes.
function copyAssets() {
	return src(['nodes/**/*.{svg,png}', 'nodes/**/*.node.json', 'credentials/**/*.{svg,png}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

task('build:assets', copyAssets);
