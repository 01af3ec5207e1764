// WebAssembly in Wave's process runs on V8's baseline compiler only (Liftoff). Two modules are
// compiled at run time: tree-sitter's Bash grammar (the shell parser, on the first tool call) and
// llhttp, the HTTP parser of Node's fetch (on the first model request). With the optimising tier on,
// V8 recompiles both in the background for a third of a second of CPU or more, and the process
// cannot exit until that is done: a `wave -p` turn cost about twice the CPU it needed and waited
// 0.2 s at its end (docs/benchmarks.md, "Start-up"). Parsing a command or a response's headers
// takes microseconds either way.
import { setFlagsFromString } from 'node:v8';

let done = false;

/** Keeps WebAssembly compiled from now on to the baseline tier (idempotent; call before the first compile). */
export function baselineWasmOnly(): void {
  if (done) return;
  done = true;
  setFlagsFromString('--liftoff-only');
}
