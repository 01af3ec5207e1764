// The Claude Code format transcript (docs/hooks.md, "The transcript"): hooks written for Claude Code
// read `transcript_path` as JSON Lines. A Stop loop that greps the `"role":"assistant"` lines the
// way ralph-wiggum's does, a session-end hook that takes the session id from the file name, and the
// entries themselves, through the real `wave -p` and real hook processes.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, hookRuns, PROVIDERS, scenario, type Sandbox } from '../harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

/** A Stop hook that keeps the agent working until its last answer holds <promise>DONE</promise>. */
function loopUntilDone(sb: Sandbox): string {
  const path = join(sb.bin, 'loop-until-done.sh');
  writeFileSync(
    path,
    [
      '#!/bin/bash',
      'set -euo pipefail',
      'input=$(cat)',
      `printf '%s\\n' "$input" >> ${JSON.stringify(sb.outFile('loop.jsonl'))}`,
      'transcript=$(printf "%s" "$input" | jq -r .transcript_path)',
      `last=$(grep '"role":"assistant"' "$transcript" | tail -1 | jq -r '.message.content | map(select(.type == "text")) | map(.text) | join("\\n")')`,
      `if printf '%s' "$last" | grep -q '<promise>DONE</promise>'; then exit 0; fi`,
      `jq -n '{decision: "block", reason: "Not done yet: keep going until you can say <promise>DONE</promise>"}'`,
      '',
    ].join('\n'),
  );
  chmodSync(path, 0o755);
  return path;
}

/** Installs a plugin folder in the sandbox's HOME (~/.wave/plugins/<name>/hooks/hooks.json). */
function plugin(sb: Sandbox, name: string, hooks: Record<string, unknown>): void {
  const root = join(sb.home, '.wave', 'plugins', name);
  mkdirSync(join(root, 'hooks'), { recursive: true });
  mkdirSync(join(root, '.claude-plugin'), { recursive: true });
  writeFileSync(join(root, '.claude-plugin', 'plugin.json'), JSON.stringify({ name }));
  writeFileSync(join(root, 'hooks', 'hooks.json'), JSON.stringify({ description: `${name} test plugin`, hooks }));
}

const script = [call('Bash', { command: 'echo step' }, 'call_t1'), { text: 'Working on it.' }, { text: 'All set. <promise>DONE</promise>' }];

describe.concurrent.each(PROVIDERS)('the JSONL transcript over %s', (provider) => {
  it('a plugin Stop hook that greps the assistant lines loops once, then lets the agent stop', async () => {
    const { sb, json, calls } = await scenario({
      provider,
      args: ['--permission-mode', 'bypassPermissions'],
      setup: (sb) => plugin(sb, 'loop', { Stop: [group([loopUntilDone(sb)])] }),
      script,
    });
    expect(json.result).toBe('All set. <promise>DONE</promise>');
    expect(calls).toHaveLength(3);
    const seen = readFileSync(sb.outFile('loop.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.transcript_path).toBe(seen[0]!.transcript_jsonl_path);
    expect(seen[0]!.transcript_path).toBe(join(sb.home, '.wave', 'projects', sb.workdir.replace(/\//g, '-'), `${json.session_id}.jsonl`));
    expect(hookRuns(json.messages).filter((r) => r.event === 'Stop').map((r) => r.verdict)).toEqual(['blocked', 'ok']);
  });

  it('a user hook gets the session JSON unless it asks for "transcript": "jsonl"', async () => {
    const { sb, json, calls } = await scenario({
      provider,
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({ hooks: { Stop: [group([{ command: loopUntilDone(sb), transcript: 'jsonl' }])] } }),
      script,
    });
    expect(calls).toHaveLength(3);
    const seen = readFileSync(sb.outFile('loop.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);
    expect(seen[0]!.transcript_path).toMatch(/\.jsonl$/);
    expect(json.transcript_path).toMatch(/session_.*\.json$/);

    // Without the field, the same script reads the session JSON, which is not JSON Lines: it fails, no loop.
    const plain = await scenario({
      provider,
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({ hooks: { Stop: [group([loopUntilDone(sb)])] } }),
      script,
    });
    expect(plain.calls).toHaveLength(2);
    const stop = hookRuns(plain.json.messages).find((r) => r.event === 'Stop')!;
    expect(stop.verdict).toBe('error');
    expect(stop.exitCode).not.toBe(0);
  });

  it('the entries: user prompt, assistant tool_use, tool_result, assistant text, chained by parentUuid, one session id, the file named by it', async () => {
    const { sb, json } = await scenario({
      provider,
      prompt: 'run the step',
      args: ['--permission-mode', 'bypassPermissions'],
      setup: (sb) => plugin(sb, 'end', { SessionEnd: [group([sb.hook('end', { body: 'jq -r .transcript_path "$f" | xargs basename -s .jsonl > "$d/id.txt"' })])] }),
      script: [call('Bash', { command: 'echo step' }, 'call_t2'), { text: 'Done.' }],
    });
    expect(readFileSync(sb.outFile('id.txt'), 'utf8').trim()).toBe(json.session_id);
    const path = sb.dumps('end')[0]!.transcript_jsonl_path as string;
    expect(basename(path)).toBe(`${json.session_id}.jsonl`);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    for (const l of lines) expect(l).not.toMatch(/\n/);
    const entries = lines.map((l) => JSON.parse(l) as { type: string; uuid: string; parentUuid: string | null; sessionId: string; cwd: string; timestamp: string; message: { role: string; content: unknown } });
    expect(entries.map((e) => [e.type, e.message.role])).toEqual([
      ['user', 'user'],
      ['assistant', 'assistant'],
      ['user', 'user'],
      ['assistant', 'assistant'],
    ]);
    expect(entries[0]!.message.content).toBe('run the step');
    expect(entries[1]!.message.content).toEqual([{ type: 'tool_use', id: 'call_t2', name: 'Bash', input: { command: 'echo step' } }]);
    expect(entries[2]!.message.content).toEqual([{ type: 'tool_result', tool_use_id: 'call_t2', content: 'step' }]);
    expect(entries[3]!.message.content).toEqual([{ type: 'text', text: 'Done.' }]);
    expect(entries[0]!.parentUuid).toBeNull();
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.parentUuid).toBe(entries[i - 1]!.uuid);
    expect(new Set(entries.map((e) => e.sessionId))).toEqual(new Set([json.session_id]));
    expect(entries.every((e) => e.cwd === sb.workdir && !Number.isNaN(Date.parse(e.timestamp)))).toBe(true);
    // Every other event's payload carries transcript_jsonl_path too.
    expect(sb.dumps('end')[0]).toMatchObject({ transcript_path: path, transcript_jsonl_path: path });
  });
});
