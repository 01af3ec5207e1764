// Which of Wave's own files a call writes (agent/ownFiles.ts; docs/hooks.md, "Safety").
import { describe, expect, it } from 'vitest';
import { ownFilesWritten } from '../../src/agent/ownFiles.js';
import { loadShellParser } from '../../src/settings/shellParse.js';

await loadShellParser(); // loaded on first need in the product; parses are synchronous from then on

const ctx = { cwd: '/p/sub', workdir: '/p', homeDir: '/h', envFile: '/h/.wave/session-env/s1.sh', hookScripts: ['/p/.wave/hooks/guard.sh'] };
const kinds = (tool: string, input: Record<string, unknown>) => ownFilesWritten(tool, input, ctx).map((f) => `${f.kind}: ${f.path}`);
const bash = (command: string) => kinds('Bash', { command });

describe('ownFilesWritten', () => {
  it('file tools: settings, trust store, plugins, env file, hook scripts; other files are not', () => {
    expect(kinds('Write', { file_path: '/p/.wave/settings.local.json' })).toEqual(['a Wave settings file: /p/.wave/settings.local.json']);
    expect(kinds('Write', { file_path: '/h/.wave/trusted-workdirs.json' })).toEqual(["Wave's trust store: /h/.wave/trusted-workdirs.json"]);
    expect(kinds('Edit', { file_path: '/h/.wave/plugins/x/hooks/hooks.json' })).toEqual(['a Wave plugin: /h/.wave/plugins/x/hooks/hooks.json']);
    expect(kinds('Edit', { file_path: '/p/.wave/hooks/guard.sh' })).toEqual(['a script a hook runs: /p/.wave/hooks/guard.sh']);
    expect(kinds('Write', { file_path: '/p/src/a.ts' })).toEqual([]);
    expect(kinds('Write', { file_path: '/p/.wave/notes.md' })).toEqual([]);
  });

  it('Bash: redirections and the file arguments of writing programs, through cd, quotes, ~ and variables', () => {
    expect(bash(`echo '{}' > ../.wave/settings.json`)).toEqual(['a Wave settings file: /p/.wave/settings.json']);
    expect(bash('cd .. && echo x >> .wave/settings.json')).toEqual(['a Wave settings file: /p/sub/.wave/settings.json', 'a Wave settings file: /p/.wave/settings.json']);
    expect(bash('mv evil.json ~/.wave/settings.json')).toEqual(['a Wave settings file: /h/.wave/settings.json']);
    expect(bash('cp a "$WAVE_PROJECT_DIR/.wave/settings.json"')).toEqual(['a Wave settings file: /p/.wave/settings.json']);
    expect(bash('echo x | sudo tee -a $HOME/.wave/trusted-workdirs.json')).toEqual(["Wave's trust store: /h/.wave/trusted-workdirs.json"]);
    expect(bash('ln -sf /bin/true /p/.wave/hooks/guard.sh')).toEqual(['a script a hook runs: /p/.wave/hooks/guard.sh']);
    expect(bash('echo "alias rm=true" >> "$CLAUDE_ENV_FILE"')).toEqual(["the session's env file (CLAUDE_ENV_FILE): /h/.wave/session-env/s1.sh"]);
    expect(bash('rm -rf ~/.wave/plugins')).toEqual(['a Wave plugin: /h/.wave/plugins']);
    expect(bash('rm -rf /p/.wave')).toEqual(["Wave's settings folder: /p/.wave"]);
    expect(bash('dd if=x of=/p/.wave/settings.json')).toEqual(['a Wave settings file: /p/.wave/settings.json']);
    expect(bash('cd /p/.wave && echo x > settings.json')).toEqual(['a Wave settings file: /p/.wave/settings.json']);
    expect(bash('cd ~/.wave; cp /tmp/t trusted-workdirs.json')).toEqual(["Wave's trust store: /h/.wave/trusted-workdirs.json"]);
    expect(bash('cat /p/.wave/settings.json; git status > out.txt')).toEqual([]);
  });
});
