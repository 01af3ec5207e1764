// The Claude Code format twin of the session transcript (docs/hooks.md, "Two transcripts"):
// `~/.wave/projects/<project slug>/<session id>.jsonl`, one compact JSON entry per line — `type`
// user/assistant, `message` {role, content blocks as in the Anthropic API}, `uuid`, `parentUuid`,
// `sessionId`, `timestamp`, `cwd`; hook texts as `attachment` entries — so hooks written for Claude Code (a Stop loop that greps the
// `"role":"assistant"` lines, exporters, a summariser that takes the id from the file name) read it
// unchanged. Entries are appended as they become final, in the order they happened: an assistant
// answer once the model has given it, each tool result as its call ends, each user or hook message
// as it is added; nothing written is ever rewritten, so bringing the file up to date before a hook
// costs one small append. Never written through a symlink.
import { mkdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Message } from './messages.js';
import { appendLines, type WriteFn } from '../settings/fullWrite.js';
import { PRIVATE_DIR, PRIVATE_FILE, privateDir } from '../settings/privateFiles.js';

/** Claude Code's folder name for a project: the path with `/` (and `\`, `:`) turned into `-`. */
export function projectSlug(workdir: string): string {
  return workdir.replace(/[/\\:]/g, '-');
}

export function jsonlTranscriptPath(projectsDir: string, workdir: string, sessionId: string): string {
  return join(projectsDir, projectSlug(workdir), `${sessionId}.jsonl`);
}

type Content = string | Array<Record<string, unknown>>;

/** One entry that can be written: its key (stable, also its uuid) and what it says. */
interface Ready {
  key: string;
  type: 'user' | 'assistant' | 'attachment';
  content: Content;
  extra?: Record<string, unknown>;
}

/** A text a hook (or Wave) added: Claude Code keeps these as `attachment` entries, not as user messages. */
function attachment(m: Message): Ready[] {
  const text = textOf(m);
  const first = m.blocks.find((b) => b.type === 'text');
  const event = first?.type === 'text' ? first.hookEvent : undefined;
  const kind = first?.type === 'text' && first.source === 'hook' ? 'hook_additional_context' : 'system_notice';
  return text
    ? [{ key: m.id, type: 'attachment', content: text, extra: { attachment: { type: kind, ...(event ? { hookEvent: event } : {}), content: text } } }]
    : [];
}

function textOf(m: Message): string {
  return m.blocks
    .flatMap((b) => (b.type === 'text' ? [b.content] : []))
    .join('\n')
    .trim();
}

/** The entries of one message that are final now (an assistant message's tool results as their calls end). */
function readyEntries(m: Message): Ready[] {
  if (m.role === 'user') {
    const compact = m.blocks.find((b) => b.type === 'compact');
    if (compact) return [{ key: m.id, type: 'user', content: compact.summary, extra: { isCompactSummary: true } }];
    if (m.isMeta) return attachment(m);
    const text = textOf(m);
    return text ? [{ key: m.id, type: 'user', content: text }] : [];
  }
  const content: Array<Record<string, unknown>> = [];
  for (const b of m.blocks) {
    if (b.type === 'text' && b.source === undefined && b.content) content.push({ type: 'text', text: b.content });
    if (b.type === 'tool') content.push({ type: 'tool_use', id: b.id, name: b.name, input: b.parameters });
  }
  if (!content.length) return [];
  const out: Ready[] = [{ key: m.id, type: 'assistant', content }];
  for (const b of m.blocks) {
    if (b.type !== 'tool' || b.stage !== 'done') continue;
    const result = { type: 'tool_result', tool_use_id: b.id, content: b.result ?? '', ...(b.success ? {} : { is_error: true }) };
    out.push({ key: `${m.id}:${b.id}`, type: 'user', content: [result] });
  }
  return out;
}

/** A uuid-shaped id derived from an entry's key, so the same entry always has the same uuid. */
function uuidOf(key: string, sessionId: string): string {
  const h = createHash('sha1').update(`${sessionId}/${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export class JsonlTranscript {
  /** Keys of the entries in the file. */
  private readonly written = new Set<string>();
  /** Messages whose every entry is in the file and that can have no more (looked at once, never again). */
  private readonly complete = new WeakSet<Message>();
  /** How many messages at the start of the list are complete: each update looks at the rest only (a long session's update costs what changed). */
  private completeUpTo = 0;
  private last: string | null = null;
  private dirMade = false;

  constructor(
    readonly path: string,
    private readonly session: { id: string; cwd: () => string; model?: () => string | undefined },
    /** The write system call (a test injects a short one, as a nearly full disk makes). */
    private readonly write?: WriteFn,
  ) {}

  /** A resumed session: the entries already in the file are not written again. */
  adopt(): void {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return; // no file yet: everything is written from the start
    }
    for (const line of text.split('\n')) {
      const m = /"waveKey":"((?:[^"\\]|\\.)*)"/.exec(line);
      const u = /"uuid":"([^"]+)"/.exec(line);
      if (m) this.written.add(JSON.parse(`"${m[1]!}"`) as string);
      if (u) this.last = u[1]!;
    }
  }

  /** Appends every entry that became final since the last call; throws when the file cannot be written. */
  update(messages: readonly Message[]): void {
    if (this.completeUpTo > messages.length) this.completeUpTo = 0;
    while (this.completeUpTo < messages.length && this.complete.has(messages[this.completeUpTo]!)) this.completeUpTo++;
    const open = messages.slice(this.completeUpTo).filter((m) => !this.complete.has(m));
    const entries = open.map(readyEntries);
    const fresh = entries.flat().filter((e) => !this.written.has(e.key));
    if (!fresh.length) return this.settle(open, entries);
    const before = this.last;
    const text = fresh.map((e) => this.line(e)).join('');
    try {
      this.append(text);
    } catch (err) {
      this.last = before; // nothing was written: the same entries are tried again next time
      throw err;
    }
    for (const e of fresh) this.written.add(e.key);
    this.settle(open, entries);
  }

  /** Marks the messages that are done: every entry written, and no tool of theirs still running (the last one may still grow). */
  private settle(open: readonly Message[], entries: readonly Ready[][]): void {
    for (const [i, m] of open.slice(0, -1).entries()) {
      const done = m.blocks.every((b) => b.type !== 'tool' || b.stage === 'done');
      if (!done || !entries[i]!.every((e) => this.written.has(e.key))) continue;
      this.complete.add(m);
      // A complete message is never looked at again: its keys need not be kept (a long session would keep them all).
      for (const e of entries[i]!) this.written.delete(e.key);
    }
  }

  private line(e: Ready): string {
    const uuid = uuidOf(e.key, this.session.id);
    const model = e.type === 'assistant' ? this.session.model?.() : undefined;
    const message =
      e.type === 'attachment'
        ? {}
        : {
            message:
              e.type === 'assistant'
                ? { id: `msg_${e.key}`, type: 'message', role: e.type, ...(model ? { model } : {}), content: e.content }
                : { role: e.type, content: e.content },
          };
    const entry = {
      parentUuid: this.last,
      isSidechain: false,
      userType: 'external',
      type: e.type,
      ...message,
      ...e.extra,
      uuid,
      sessionId: this.session.id,
      timestamp: new Date().toISOString(),
      cwd: this.session.cwd(),
      waveKey: e.key,
    };
    this.last = uuid;
    return `${JSON.stringify(entry)}\n`;
  }

  /** Whole lines only: a line an earlier failure cut is ended first, a failed append takes its bytes back. */
  private append(text: string): void {
    // The folder is made private once; later it is only made again if a hook removed it.
    if (this.dirMade) mkdirSync(dirname(this.path), { recursive: true, mode: PRIVATE_DIR });
    else privateDir(dirname(this.path));
    this.dirMade = true;
    appendLines(this.path, text, { mode: PRIVATE_FILE, noFollow: true, ...(this.write ? { write: this.write } : {}) });
  }
}
