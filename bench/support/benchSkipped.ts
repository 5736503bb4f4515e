/**
 * Thrown by a bench that cannot run on this machine: bench/run.ts goes on with the others, names it
 * in the final BENCH record and exits non-zero, so a missing figure is never mistaken for a pass.
 */
export class BenchSkipped extends Error {}
