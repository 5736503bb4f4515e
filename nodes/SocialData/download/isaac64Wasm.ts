import { Isaac64Keystream } from './isaac64Keystream';
import { ISAAC64_ROUND_BYTES, LITTLE_ENDIAN, type Isaac64State } from './isaac64State';
import { ISAAC64_WASM } from './isaac64WasmModule';

/** The part of the WebAssembly API this file uses (the project compiles without the DOM types). */
declare const WebAssembly: {
	Module: new (bytes: Uint8Array) => object;
	Instance: new (
		module: object,
		imports: object,
	) => { exports: { memory: { buffer: ArrayBuffer }; generate: (rounds: number) => void } };
};

let compiled: object | undefined;

/**
 * The compiled keystream module; undefined where WebAssembly is not available (Node run with
 * --jitless) or the host is big-endian (the state is copied in as native 32-bit halves).
 */
export function isaac64WasmModule(): object | undefined {
	if (compiled === undefined && typeof WebAssembly !== 'undefined' && LITTLE_ENDIAN)
		compiled = new WebAssembly.Module(Buffer.from(ISAAC64_WASM.base64, 'base64'));
	return compiled;
}

/**
 * The keystream in WebAssembly, which has native 64-bit integers: the bytes are copied into the
 * module's memory, XORed there a batch of rounds at a time, and copied back.
 */
export class Isaac64Wasm extends Isaac64Keystream {
	private readonly generate: (rounds: number) => void;
	private readonly memory: Uint8Array;

	constructor(state: Isaac64State, module: object) {
		super();
		const { exports } = new WebAssembly.Instance(module, {});
		this.generate = exports.generate;
		this.memory = new Uint8Array(exports.memory.buffer);
		const words = new Int32Array(exports.memory.buffer, 0, state.hi.length * 2);
		for (let i = 0; i < state.hi.length; i++) {
			words[2 * i] = state.lo[i];
			words[2 * i + 1] = state.hi[i];
		}
	}

	protected xorRounds(bytes: Uint8Array, at: number, rounds: number): void {
		const { dataOffset, maxRoundsPerCall } = ISAAC64_WASM;
		for (let done = 0; done < rounds; ) {
			const batch = Math.min(rounds - done, maxRoundsPerCall);
			const from = at + done * ISAAC64_ROUND_BYTES;
			const length = batch * ISAAC64_ROUND_BYTES;
			this.memory.set(bytes.subarray(from, from + length), dataOffset);
			this.generate(batch);
			bytes.set(this.memory.subarray(dataOffset, dataOffset + length), from);
			done += batch;
		}
	}
}
