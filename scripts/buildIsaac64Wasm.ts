import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ISAAC64_WASM_MODULE_FILE, isaac64WasmModuleSource } from './isaac64Wasm';

void isaac64WasmModuleSource().then((source) => {
	writeFileSync(join(__dirname, '..', ISAAC64_WASM_MODULE_FILE), source);
	console.log(`wrote ${ISAAC64_WASM_MODULE_FILE}`);
});
