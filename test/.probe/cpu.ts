import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeEach } from 'vitest';
const tick = 100;
function stat() { const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' '); return { u: +f[11]!, s: +f[12]!, cu: +f[13]!, cs: +f[14]! }; }
let file = '';
beforeEach(({ task }) => { file = task.file.filepath; });
afterAll(() => { const s = stat(); appendFileSync(process.env.WAVE_TEST_CPU_LOG ?? '/tmp/cpu.log', JSON.stringify({ file, pid: process.pid, self: (s.u + s.s) / tick, children: (s.cu + s.cs) / tick, up: process.uptime() }) + '\n'); });
