// The problems of the loaded configuration in words, the same everywhere they are shown (`wave -p`
// stderr, `wave hooks list|test|validate`, the chat banner): `file:line:col: severity: path: message`,
// and how many written hooks do not run because their file or entry could not be read.
import type { SourceFile } from './sources.js';
import type { ConfigProblem } from '../contract/types.js';

export function formatProblem(p: ConfigProblem): string {
  const where = p.line ? `${p.file}:${p.line}${p.column ? `:${p.column}` : ''}` : p.file;
  return `${where}: ${p.severity}: ${p.path ? `${p.path}: ` : ''}${p.message}`;
}

/** Hooks written in the settings that cannot run (a file not valid JSON, rejected entries). */
export function unreadCount(files: readonly SourceFile[]): number {
  return files.reduce((n, f) => n + f.unreadHooks, 0);
}

/** One line saying how many hooks could not be read and why, or null when every hook was read. */
export function unreadSummary(files: readonly SourceFile[], problems: readonly ConfigProblem[]): string | null {
  const n = unreadCount(files);
  if (!n) return null;
  const errors = problems.filter((p) => p.severity === 'error' && files.some((f) => f.unreadHooks > 0 && f.path === p.file));
  const why = errors.slice(0, 3).map(formatProblem);
  const more = errors.length > 3 ? ` (and ${errors.length - 3} more: wave hooks validate)` : '';
  return `${n} hook${n === 1 ? '' : 's'} could not be read and do${n === 1 ? 'es' : ''} not run: ${why.join('; ')}${more}`;
}
