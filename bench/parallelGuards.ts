// Several guards on one event (docs/hooks.md, "Parallel groups"): five copies of a published-style
// Python guard (Claude Code's documented Bash command validator: JSON from stdin, a few regular
// expressions, exit 0 or 2) on PreToolUse Bash, fired through the compiled engine's HookManager
// (hooks forked by the hook spawner, made ready first), against raw floors measured in the same
// process, interleaved round by round (drift hits every variant alike):
//   raw one          one `sh -c 'python3 guard-1.py'` spawn (three pipes, the event JSON on stdin)
//   raw five, seq    five such spawns, one after another
//   raw five, par    five such spawns started together (the floor of a parallel group on this machine)
//   engine one       a group with one guard
//   engine seq       one group with the five guards, one after another (the default)
//   engine par       the same group with "parallel": true
// Goal: a parallel group of five costs at most 1.3 × one hook of the group (engine par / engine one).
// Five Python starts are CPU work: on fewer than five cores they queue, so the raw five-together floor
// is printed beside it, and the engine's own cost in a parallel group is engine par / raw five par.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { FireContext, HookManager } from '../sidecar/src/hooks/fire/manager.js';
import { compiledSidecar, fmt, gc, rawSpawn, stats, table, tempDir, type Benchmark, type BenchOptions, type Figure } from './lib.js';

const GUARDS = 5;
/** The system's python3 itself: a version manager's `python3` shim (pyenv's is a bash script) would add its own start to every hook. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** Claude Code's documented example guard (hooks reference, "bash_command_validator_example.py"), unchanged in substance. */
const GUARD_PY = `#!/usr/bin/env python3
import json
import re
import sys

VALIDATION_RULES = [
    (r"\\bgrep\\b(?!.*\\|)", "Use 'rg' (ripgrep) instead of 'grep' for better performance and features"),
    (r"\\bfind\\s+\\S+\\s+-name\\b", "Use 'rg --files | rg pattern' or 'rg --files -g pattern' instead of 'find -name' for better performance"),
]


def validate_command(command: str) -> list[str]:
    issues = []
    for pattern, message in VALIDATION_RULES:
        if re.search(pattern, command):
            issues.append(message)
    return issues


try:
    input_data = json.load(sys.stdin)
except json.JSONDecodeError as e:
    print(f"Error: Invalid JSON input: {e}", file=sys.stderr)
    sys.exit(1)

tool_name = input_data.get("tool_name", "")
tool_input = input_data.get("tool_input", {})
command = tool_input.get("command", "")

if tool_name != "Bash" or not command:
    sys.exit(0)

issues = validate_command(command)
if issues:
    for message in issues:
        print(f"• {message}", file=sys.stderr)
    sys.exit(2)
`;

const toolInput = { tool_name: 'Bash', tool_input: { command: 'ls -la', description: 'List files' }, tool_use_id: 'toolu_bench_par' };

async function engine() {
  return {
    ...((await import(compiledSidecar('hooks/fire/manager.js'))) as typeof import('../sidecar/src/hooks/fire/manager.js')),
    ...((await import(compiledSidecar('hooks/run/runner.js'))) as typeof import('../sidecar/src/hooks/run/runner.js')),
  };
}

/** A manager whose user settings hold one Bash group with these commands. */
function managerWith(Manager: typeof HookManager, root: string, name: string, commands: string[], parallel: boolean): HookManager {
  const home = join(root, `${name}-home`);
  const work = join(root, 'work');
  mkdirSync(join(home, '.wave'), { recursive: true });
  mkdirSync(work, { recursive: true });
  const group = { matcher: 'Bash', ...(parallel ? { parallel: true } : {}), hooks: commands.map((command) => ({ type: 'command', command })) };
  writeFileSync(join(home, '.wave', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [group] } }));
  return new Manager({ workdir: work, homeDir: home, historyFile: null });
}

type Stat = ReturnType<typeof stats>;

async function run(opts: BenchOptions): Promise<Figure[]> {
  const { HookManager, prepareHookRunner } = await engine();
  const dir = tempDir('parallel');
  try {
    const scripts = Array.from({ length: GUARDS }, (_, i) => {
      const path = join(dir.path, `guard-${i + 1}.py`);
      writeFileSync(path, GUARD_PY);
      return `${PYTHON} ${path}`;
    });
    const one = managerWith(HookManager, dir.path, 'one', scripts.slice(0, 1), false);
    const seq = managerWith(HookManager, dir.path, 'seq', scripts, false);
    const par = managerWith(HookManager, dir.path, 'par', scripts, true);
    const work = join(dir.path, 'work');
    const ctx: FireContext = { sessionId: 'bench-parallel', transcriptPath: join(dir.path, 'session.json'), cwd: work, permissionMode: 'default' };
    const input = `${JSON.stringify(one.payload('PreToolUse', toolInput, ctx))}\n`;
    const spawner = await prepareHookRunner();

    const rawOne = (script: string) => async () => {
      const r = await rawSpawn(script, work, input);
      if (r.code !== 0) throw new Error(`raw ${script} exited ${r.code}`);
    };
    const timed = (f: () => Promise<unknown>) => async () => {
      const t0 = performance.now();
      await f();
      return performance.now() - t0;
    };
    const fire = (m: HookManager, n: number) => async () => {
      const r = await m.fire('PreToolUse', toolInput, ctx);
      if (r.runs.length !== n || r.runs.some((x) => x.exitCode !== 0) || r.decision.blocked) throw new Error(`engine run failed: ${JSON.stringify(r.runs)}`);
    };
    const variants: Array<[string, () => Promise<number>]> = [
      ['raw one spawn', timed(rawOne(scripts[0]!))],
      [
        'raw five spawns, one after another',
        timed(async () => {
          for (const s of scripts) await rawOne(s)();
        }),
      ],
      ['raw five spawns, together', timed(() => Promise.all(scripts.map((s) => rawOne(s)())))],
      ['engine: group of one guard', timed(fire(one, 1))],
      ['engine: five guards, sequential group', timed(fire(seq, GUARDS))],
      ['engine: five guards, "parallel": true', timed(fire(par, GUARDS))],
    ];
    const warmup = Math.max(2, Math.round(5 * opts.scale));
    const rounds = Math.max(6, Math.round(30 * opts.scale));
    for (let i = 0; i < warmup; i++) for (const [, v] of variants) await v();
    gc();
    const samples: number[][] = variants.map(() => []);
    for (let i = 0; i < rounds; i++) {
      // The order flips every round, so no variant always follows the same one.
      const order = i % 2 ? [...variants.keys()].reverse() : [...variants.keys()];
      for (const k of order) samples[k]!.push(await variants[k]![1]());
    }
    const s = samples.map(stats) as [Stat, Stat, Stat, Stat, Stat, Stat];
    const [rawOneS, rawSeq, rawPar, engOne, engSeq, engPar] = s;
    opts.log(
      `five python3 guards on PreToolUse Bash: ${warmup} warm-up rounds, ${rounds} interleaved rounds; spawner ${spawner ? 'ready' : 'NOT available'}; ${availableParallelism()} cpus`,
    );
    opts.log(
      table(
        ['variant', 'median ms', 'p90 ms', 'min ms', 'median / raw one'],
        variants.map(([name], k) => [name, fmt(s[k]!.median), fmt(s[k]!.p90), fmt(s[k]!.min), fmt(s[k]!.median / rawOneS.median)]),
      ),
    );
    return [
      {
        name: 'raw floor: one python3 guard spawn, median',
        value: rawOneS.median,
        unit: 'ms',
        note: `five in a row ${fmt(rawSeq.median)} ms, five together ${fmt(rawPar.median)} ms`,
      },
      {
        name: 'engine: five guards, sequential group',
        value: engSeq.median,
        unit: 'ms',
        note: `${fmt(engSeq.median / rawSeq.median)} × five raw spawns in a row`,
      },
      {
        name: 'engine: five guards, parallel group',
        value: engPar.median,
        unit: 'ms',
        note: `one guard ${fmt(engOne.median)} ms; sequential / parallel ${fmt(engSeq.median / engPar.median)} ×`,
      },
      {
        name: 'parallel group of 5 / one hook of the group',
        value: engPar.median / engOne.median,
        unit: '×',
        goal: { max: 1.3 },
        note: `the raw floor of five together is ${fmt(rawPar.median / rawOneS.median)} × one spawn on ${availableParallelism()} cpus`,
      },
      {
        name: 'parallel group of 5 / raw five spawns together',
        value: engPar.median / rawPar.median,
        unit: '×',
        goal: { max: 1.3 },
        note: 'the engine’s own cost in a parallel group',
      },
    ];
  } finally {
    dir.remove();
  }
}

export const benchmark: Benchmark = {
  name: 'parallelGuards',
  description: 'five python3 guards on PreToolUse Bash, sequential and "parallel": true, against raw spawns of the same guards in the same process',
  run,
};
