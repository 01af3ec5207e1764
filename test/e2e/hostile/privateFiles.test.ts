// Private files (docs/reliability.md, "Private files"): what Wave writes under ~/.wave that holds the
// conversation, hook output, a key or trust answers is 0600 in 0700 folders, also under umask 000,
// and a file or folder made with more bits earlier is tightened at the next write. The real
// `wave -p` (a hook runs, so the run history is written) and the real `wave serve` (trust and the
// Model section's API key).
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes as cleanupServerSandboxes, makeSandbox, startServe, stopAllServers } from '../../server/harness.js';
import { cleanupSandboxes, ensureBuilt, group, scenario } from '../harness.js';

let umask = 0;
beforeAll(() => {
  ensureBuilt();
  umask = process.umask(0); // the children inherit it: nothing may come out world-readable
});
afterAll(async () => {
  process.umask(umask);
  await stopAllServers();
  cleanupServerSandboxes();
  cleanupSandboxes();
});

const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

describe('private files under umask 000', () => {
  it('wave -p: the transcript, its JSON Lines twin, the run history and the session-env folder', async () => {
    const { sb, json } = await scenario({
      setup: (sb) => {
        // Left by an earlier version: world-readable, to be tightened.
        mkdirSync(join(sb.home, '.wave', 'sessions'), { recursive: true, mode: 0o755 });
        chmodSync(join(sb.home, '.wave', 'sessions'), 0o755);
        writeFileSync(join(sb.home, '.wave', 'hook-runs.jsonl'), '', { mode: 0o644 });
        chmodSync(join(sb.home, '.wave', 'hook-runs.jsonl'), 0o644);
      },
      settings: () => ({ hooks: { UserPromptSubmit: [group(['echo context from a hook'])] } }),
      script: [{ text: 'the answer' }],
    });
    expect(json.result).toBe('the answer');
    const wave = join(sb.home, '.wave');
    const jsonl = join(wave, 'projects', sb.workdir.replace(/[/\\:]/g, '-'), `${json.session_id}.jsonl`);
    expect({
      sessions: mode(join(wave, 'sessions')),
      transcript: mode(json.transcript_path),
      projectFolder: mode(join(jsonl, '..')),
      jsonl: mode(jsonl),
      history: mode(join(wave, 'hook-runs.jsonl')),
      sessionEnv: mode(join(wave, 'session-env')),
    }).toEqual({ sessions: '700', transcript: '600', projectFolder: '700', jsonl: '600', history: '600', sessionEnv: '700' });
  });

  it('wave serve: the trust answers, and settings.json once the Model section wrote an API key into it', async () => {
    const sb = makeSandbox('private');
    sb.write(sb.userSettings, '{}\n');
    chmodSync(sb.userSettings, 0o644);
    const server = await startServe({ home: sb.home, workdir: sb.workdir });
    const client = await server.connect();
    await client.call('trust.set', { trusted: true });
    await client.call('model.save', { provider: 'openai', baseURL: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'sk-secret' });
    expect({ trust: mode(join(sb.home, '.wave', 'trusted-workdirs.json')), settings: mode(sb.userSettings) }).toEqual({ trust: '600', settings: '600' });
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
