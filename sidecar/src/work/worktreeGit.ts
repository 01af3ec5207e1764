// Worktree names (safe as a folder and a branch name) and the git plumbing the worktree manager uses.
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const WORKTREE_NAME_MAX = 64;

/** Why a worktree name is not a safe folder and branch name, or null when it is. */
export function worktreeNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'the worktree name is empty';
  if (name.length > WORKTREE_NAME_MAX) return `the worktree name is longer than ${WORKTREE_NAME_MAX} characters`;
  if (!NAME_RE.test(name)) {
    return `invalid worktree name "${name}": use letters, digits, ".", "_" and "-" only, starting with a letter or digit (no slashes or spaces)`;
  }
  if (name.includes('..')) return `invalid worktree name "${name}": ".." is not allowed`;
  if (name.endsWith('.') || name.endsWith('.lock')) return `invalid worktree name "${name}": it may not end with "." or ".lock"`;
  return null;
}

/** A fresh name when the model gives none: wt-<6 hex digits>. */
export function randomWorktreeName(): string {
  return `wt-${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
}

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
  /** A one-line description of the failure. */
  error: string;
}

const GIT_TIMEOUT_MS = 120_000;

export async function git(args: string[], cwd: string): Promise<GitResult> {
  // Loaded on the first git command, not with the tools that may never use one.
  const { execa } = await import('execa');
  const r = await execa('git', args, {
    cwd,
    reject: false,
    stdin: 'ignore',
    timeout: GIT_TIMEOUT_MS,
    env: { GIT_TERMINAL_PROMPT: '0' },
  });
  const stdout = typeof r.stdout === 'string' ? r.stdout.replace(/\s+$/, '') : '';
  const stderr = typeof r.stderr === 'string' ? r.stderr.trim() : '';
  if (r.exitCode === 0 && !r.failed) return { ok: true, stdout, stderr, error: '' };
  let error: string;
  if ((r as { code?: string }).code === 'ENOENT') error = 'git is not installed (or not on PATH)';
  else if (r.timedOut) error = `git ${args[0]} timed out after ${GIT_TIMEOUT_MS / 1000} s`;
  else error = stderr || stdout || `git ${args[0]} failed with exit code ${String(r.exitCode)}`;
  return { ok: false, stdout, stderr, error };
}

export function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
