import type { Isaac64Keystream } from './isaac64Keystream';
import { Isaac64Js } from './isaac64Js';
import { isaac64Seeded } from './isaac64State';
import { Isaac64Wasm, isaac64WasmModule } from './isaac64Wasm';

export type { Isaac64Keystream };

/**
 * The ISAAC64 keystream of a seed word given in 32-bit halves: in WebAssembly where Node has it,
 * else in plain JavaScript.
 */
export function isaac64Keystream(seedHi: number, seedLo: number): Isaac64Keystream {
	const state = isaac64Seeded(seedHi, seedLo);
	const module = isaac64WasmModule();
	return module ? new Isaac64Wasm(state, module) : new Isaac64Js(state);
}
