/**
 * The source of the ISAAC64 keystream module that channel video decryption runs
 * (nodes/SocialData/download/isaac64WasmModule.ts holds its compiled bytes). WebAssembly has
 * native 64-bit integers, so a round costs a fraction of the JavaScript version on 32-bit halves.
 *
 * Memory layout (three 64 KiB pages):
 * - bytes 0..2047: the 256 state words `mem`, little-endian, written by the caller after seeding;
 * - from DATA_OFFSET on: the bytes to decrypt. `generate(n)` XORs n rounds of 256 result words into
 *   them, each round in keystream order (its last result word first), each word big-endian.
 */
import wabt from 'wabt';

/** Byte offset of the bytes to decrypt in the module's memory. */
export const DATA_OFFSET = 2048;

/** Rounds one `generate` call may XOR: 128 KiB, a whole default encrypted head at once. */
export const MAX_ROUNDS_PER_CALL = 64;

const ROUND_BYTES = 2048;

/** The four ways ISAAC64 mixes `a`, one per step of a group of four. */
const MIXES = [
	'(i64.xor (i64.xor (local.get $a) (i64.shl (local.get $a) (i64.const 21))) (i64.const -1))',
	'(i64.xor (local.get $a) (i64.shr_u (local.get $a) (i64.const 5)))',
	'(i64.xor (local.get $a) (i64.shl (local.get $a) (i64.const 12)))',
	'(i64.xor (local.get $a) (i64.shr_u (local.get $a) (i64.const 33)))',
];

/** `value` with its eight bytes reversed (WebAssembly stores little-endian; the keystream is big-endian). */
function byteSwapped(value: string): string {
	const swap = (of: string, shift: number, mask: string) =>
		`(i64.or (i64.and (i64.shr_u ${of} (i64.const ${shift})) (i64.const ${mask})) ` +
		`(i64.shl (i64.and ${of} (i64.const ${mask})) (i64.const ${shift})))`;
	return `(i64.rotl ${swap(swap(value, 8, '0x00ff00ff00ff00ff'), 16, '0x0000ffff0000ffff')} (i64.const 32))`;
}

/**
 * One rngstep on the state word at byte `$i + 8k`:
 * `x = mem[i]; a = mix(a) + mem[i ± 128]; mem[i] = y = mem[(x >> 3) & 255] + a + b;
 * result = b = mem[(y >> 11) & 255] + x`. `(v >> s) & 255` as a byte offset is `(v >> (s - 3)) & 2040`.
 */
function step(k: number): string {
	const offset = 8 * k;
	return `
      (local.set $x (i64.load offset=${offset} (local.get $i)))
      (local.set $a (i64.add ${MIXES[k]} (i64.load offset=${offset} (local.get $across))))
      (local.set $y (i64.add (i64.add
        (i64.load (i32.wrap_i64 (i64.and (local.get $x) (i64.const 2040))))
        (local.get $a)) (local.get $b)))
      (i64.store offset=${offset} (local.get $i) (local.get $y))
      (local.set $b (i64.add
        (i64.load (i32.wrap_i64 (i64.and (i64.shr_u (local.get $y) (i64.const 8)) (i64.const 2040))))
        (local.get $x)))
      (i64.store offset=${24 - offset} (local.get $result) (i64.xor
        (i64.load offset=${24 - offset} (local.get $result)) ${byteSwapped('(local.get $b)')}))`;
}

/** The module in WebAssembly's text format. */
export function isaac64Wat(): string {
	return `(module
  (memory (export "memory") 3)
  (global $a (mut i64) (i64.const 0))
  (global $b (mut i64) (i64.const 0))
  (global $c (mut i64) (i64.const 0))
  ;; isaac64(), $rounds times: each round's results XORed in at DATA_OFFSET + round * ${ROUND_BYTES}.
  (func (export "generate") (param $rounds i32)
    (local $a i64) (local $b i64) (local $x i64) (local $y i64)
    (local $i i32) (local $across i32) (local $last i32) (local $result i32)
    (local.set $a (global.get $a))
    (local.set $b (global.get $b))
    ;; $last: where the round's last result word goes (its first step computes it).
    (local.set $last (i32.const ${DATA_OFFSET + ROUND_BYTES - 8}))
    (block $done
      (loop $round
        (br_if $done (i32.eqz (local.get $rounds)))
        (global.set $c (i64.add (global.get $c) (i64.const 1)))
        (local.set $b (i64.add (local.get $b) (global.get $c)))
        (local.set $i (i32.const 0))
        (loop $steps
          (local.set $across (i32.and (i32.add (local.get $i) (i32.const 1024)) (i32.const 2047)))
          ;; Step k XORs at $last - $i - 8k, that is at $result + (24 - 8k).
          (local.set $result (i32.sub (i32.sub (local.get $last) (local.get $i)) (i32.const 24)))
          ${[0, 1, 2, 3].map(step).join('\n')}
          (local.set $i (i32.add (local.get $i) (i32.const 32)))
          (br_if $steps (i32.lt_u (local.get $i) (i32.const ${ROUND_BYTES}))))
        (local.set $last (i32.add (local.get $last) (i32.const ${ROUND_BYTES})))
        (local.set $rounds (i32.sub (local.get $rounds) (i32.const 1)))
        (br $round)))
    (global.set $a (local.get $a))
    (global.set $b (local.get $b))))
`;
}

/** The module's binary, assembled from the text with wabt. */
export async function isaac64WasmBytes(): Promise<Uint8Array> {
	const assembler = await wabt();
	const parsed = assembler.parseWat('isaac64.wat', isaac64Wat());
	try {
		parsed.validate();
		return new Uint8Array(parsed.toBinary({}).buffer);
	} finally {
		parsed.destroy();
	}
}

export const ISAAC64_WASM_MODULE_FILE = 'nodes/SocialData/download/isaac64WasmModule.ts';

/** The text of ISAAC64_WASM_MODULE_FILE: the module's bytes and the layout the caller needs. */
export async function isaac64WasmModuleSource(): Promise<string> {
	const base64 = Buffer.from(await isaac64WasmBytes()).toString('base64');
	return `// Generated by \`npm run wasm\` from scripts/isaac64Wasm.ts, which holds the module's source: do not edit.

/** The ISAAC64 keystream module (WebAssembly binary, base64) and its memory layout. */
export const ISAAC64_WASM = {
	dataOffset: ${DATA_OFFSET},
	maxRoundsPerCall: ${MAX_ROUNDS_PER_CALL},
	base64:
		'${base64}',
};
`;
}
