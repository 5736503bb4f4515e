// The package entry: n8n loads the built nodes and credentials listed in package.json's `n8n` section.
module.exports = {};
