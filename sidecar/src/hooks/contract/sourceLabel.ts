// How the command line and the engine's messages name a hook's source (docs/hooks.md, "Sources and
// run order"): one label per source, the same in `wave hooks list`, `wave hooks test` and every
// other place, with the plugin's name for a plugin hook; and a count with its noun ("1 hook",
// "3 hooks").
import type { HookSource } from '../../protocol/wire.js';

const LABEL: Record<HookSource, string> = {
  programmatic: 'programmatic',
  plugin: 'plugin',
  user: 'user',
  project: 'project',
  projectLocal: 'project (local)',
};

/** `user`, `project (local)`, `plugin security-kit` (a source read from a file is shown as it is when unknown). */
export function sourceLabel(source: HookSource | string, plugin?: string | null): string {
  const label = LABEL[source as HookSource] ?? source;
  return plugin ? `${label} ${plugin}` : label;
}

/** `1 hook`, `2 hooks`; `many` for a noun whose plural is not the noun and an s. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
