import { readFileSync, readdirSync } from 'node:fs';
function stat(p: number): { ppid: number; cpu: number; type: string } | null {
  try { const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' '); const c = readFileSync(`/proc/${p}/cmdline`, 'utf8'); return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / 100, type: c.match(/--type=[a-z-]+/)?.[0] ?? c.split('\0')[0]!.split('/').pop()! }; } catch { return null; }
}
/** CPU seconds of every descendant of `root`, by process type. */
export function treeCpu(root = process.pid): Record<string, number> {
  const all = new Map<number, NonNullable<ReturnType<typeof stat>>>();
  for (const d of readdirSync('/proc')) if (/^\d+$/.test(d)) { const s = stat(Number(d)); if (s) all.set(Number(d), s); }
  const out: Record<string, number> = {}; const seen = new Set([root]); let grew = true;
  while (grew) { grew = false; for (const [p, s] of all) if (!seen.has(p) && seen.has(s.ppid)) { seen.add(p); grew = true; out[s.type] = (out[s.type] ?? 0) + s.cpu; } }
  return out;
}
export function diff(a: Record<string, number>, b: Record<string, number>): string { return Object.keys(b).map((k) => `${k}=${(b[k]! - (a[k] ?? 0)).toFixed(2)}`).join(' '); }
