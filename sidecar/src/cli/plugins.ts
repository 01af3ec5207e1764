// `wave plugins install DIR | list | remove NAME` (docs/hooks.md, "Plugins"): a Claude Code plugin
// folder (`.claude-plugin/plugin.json` and its hooks file, `hooks/hooks.json` by default) copied
// into `~/.wave/plugins/<name>/`, where Wave runs its hooks first, before the user's; then its hooks
// are read and every problem is printed, so a plugin that cannot run says so at once.
import { counted } from '../hooks/contract/sourceLabel.js';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { commandArgs } from './args.js';
import { TOOL_NAMES } from '../app/tools.js';
import { formatProblem } from '../hooks/config/problems.js';
import { pluginHookFiles, readManifest, readPluginFile } from '../hooks/config/pluginSources.js';
import { settingsPaths, type SettingsPaths } from '../settings/paths.js';

const USAGE = `usage:
  wave plugins install DIR   copy a Claude Code plugin folder into ~/.wave/plugins/<name>/
  wave plugins list          the installed plugins and their hooks
  wave plugins remove NAME   uninstall a plugin
`;

const SAFE_NAME = /^[A-Za-z0-9][\w.-]*$/;

/** The plugin's name: its manifest's `name`, else the folder's name. */
function pluginName(dir: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, '.claude-plugin', 'plugin.json'), 'utf8')) as { name?: unknown };
    if (typeof manifest.name === 'string' && manifest.name.trim()) return manifest.name.trim();
  } catch {
    // no manifest: the folder's name
  }
  return basename(dir);
}

/** What a Claude Code plugin may hold besides hooks, which Wave does not use (its `.mcp.json` servers it starts: docs/mcp.md). */
const OTHER_PARTS = ['commands', 'agents', 'skills', 'outputStyles', 'mcpServers', 'lspServers'] as const;

function unusedParts(root: string): string[] {
  const manifest = readManifest(root);
  const folder = (p: string) => existsSync(join(root, p === 'outputStyles' ? 'output-styles' : p));
  return OTHER_PARTS.filter((p) => manifest[p] !== undefined || (p !== 'mcpServers' && folder(p)));
}

function describe(name: string, root: string, paths: SettingsPaths): string[] {
  const reads = pluginHookFiles(root).map((f) => readPluginFile(name, root, f, paths, { workdir: process.cwd(), toolNames: TOOL_NAMES }));
  const hooks = reads.flatMap((r) => r.hooks);
  const lines = [`${name}  ${root}  (${counted(hooks.length, 'hook')})`];
  for (const h of hooks) lines.push(`  ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}  ${h.summary}`);
  for (const p of reads.flatMap((r) => r.problems)) lines.push(`  ${formatProblem(p)}`);
  const unused = unusedParts(root);
  if (unused.length) lines.push(`  not used by Wave (it runs a plugin's hooks only): ${unused.join(', ')}`);
  return lines;
}

function install(dirArg: string | undefined, paths: SettingsPaths): number {
  const pluginsDir = paths.pluginsDir;
  if (!dirArg) {
    process.stderr.write(`wave plugins install: name the plugin folder\n${USAGE}`);
    return 2;
  }
  const dir = resolve(dirArg);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    process.stderr.write(`wave plugins install: ${dir} is not a folder\n`);
    return 1;
  }
  const files = pluginHookFiles(dir);
  if (!files.some((f) => existsSync(f.path))) {
    process.stderr.write(`wave plugins install: ${dir} has no hooks file (${files[0]!.path}): Wave runs a plugin's hooks only\n`);
    return 1;
  }
  const name = pluginName(dir);
  if (!SAFE_NAME.test(name)) {
    process.stderr.write(`wave plugins install: the plugin name ${JSON.stringify(name)} cannot be a folder name\n`);
    return 1;
  }
  const root = join(pluginsDir, name);
  const replaced = existsSync(root);
  rmSync(root, { recursive: true, force: true });
  // Links are copied as what they point to, so the copy does not depend on the folder it came from.
  cpSync(dir, root, { recursive: true, dereference: true, filter: (src) => !src.split(/[\\/]/).includes('.git') });
  process.stdout.write(`${replaced ? 'updated' : 'installed'} ${describe(name, root, paths).join('\n')}\n`);
  return 0;
}

export function pluginsCommand(argv: string[]): number {
  const args = commandArgs('plugins', USAGE, argv, {}, true);
  if (!args.ok) return args.code;
  const [sub, arg] = args.positionals;
  const paths = settingsPaths(process.cwd(), homedir());
  const pluginsDir = paths.pluginsDir;
  if (sub === 'install') return install(arg, paths);
  if (sub === 'list') {
    const names = installed(pluginsDir);
    process.stdout.write(names.length ? `${names.flatMap((n) => describe(n, join(pluginsDir, n), paths)).join('\n')}\n` : 'No plugins are installed.\n');
    return 0;
  }
  if (sub === 'remove' && arg) {
    const root = join(pluginsDir, arg);
    if (!SAFE_NAME.test(arg) || !existsSync(root)) {
      process.stderr.write(`wave plugins remove: no plugin named ${JSON.stringify(arg)} in ${pluginsDir}\n`);
      return 1;
    }
    rmSync(root, { recursive: true, force: true });
    process.stdout.write(`removed ${arg}\n`);
    return 0;
  }
  process.stderr.write(sub === undefined ? USAGE : `wave plugins: unknown sub-command "${sub}"\n${USAGE}`);
  return 2;
}

/** The installed plugins' folder names (none when the folder is missing or unreadable). */
function installed(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}
