// The session transcript (README, "The agent on the command line"): ~/.wave/sessions/session_<id>.json, a JSON object whose
// `.state.messages` is the whole conversation, rewritten atomically before every hook runs.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Message } from './messages.js';
import { removeStaleTemps, writeFileAtomic } from '../settings/atomicWrite.js';
import { PRIVATE_DIR, PRIVATE_FILE, privateDir } from '../settings/privateFiles.js';
import { messageOf } from '../util/errors.js';

export interface SessionInfo {
  id: string;
  workdir: string;
  createdAt: string;
  updatedAt: string;
  /** The conversation's title, when a SessionStart or UserPromptSubmit hook gave one (`sessionTitle`). */
  title?: string;
}

export interface TranscriptFile {
  version: 1;
  session: SessionInfo;
  state: { messages: Message[] };
}

export function transcriptPath(sessionsDir: string, id: string): string {
  return join(sessionsDir, `session_${id}.json`);
}

/** Transcripts already written by this process (their folder's stale temporary files are gone). */
const cleaned = new Set<string>();

/** The last messages are never settled: a model step or a tool call may still be writing into them. */
const OPEN_TAIL = 2;

/**
 * The conversation's JSON array, kept as bytes so that writing the transcript before a hook costs
 * what changed, not the whole session (docs/benchmarks.md, "A long session"): the settled messages
 * (all but the last two and the one a model step writes into, `live`) are serialised once and
 * appended to one growing buffer that is written as it is; only the open tail is serialised again.
 * A settled message that gained blocks since (a late notice), or a list that is not the one kept
 * (a resumed or cleared session), drops the buffer back to the last message still the same.
 */
export class TranscriptSerializer {
  private bytes = Buffer.alloc(1 << 16);
  private length = 0;
  /** The messages in `bytes`, in order: each with its block count and where its JSON ends. */
  private readonly settled: Array<{ message: Message; blocks: number; end: number }> = [];

  /** The messages' JSON array (`[…]`) in byte parts, in order. */
  messagesParts(messages: readonly Message[], live: Message | null): Buffer[] {
    let same = 0;
    const kept = Math.min(this.settled.length, messages.length);
    while (same < kept && messages[same] === this.settled[same]!.message && messages[same]!.blocks.length === this.settled[same]!.blocks) same++;
    if (same < this.settled.length) {
      this.settled.length = same;
      this.length = same ? this.settled[same - 1]!.end : 0;
    }
    for (let i = this.settled.length; i < messages.length - OPEN_TAIL && messages[i] !== live; i++) {
      const m = messages[i]!;
      this.append(`${i ? ',' : ''}${JSON.stringify(m)}`);
      this.settled.push({ message: m, blocks: m.blocks.length, end: this.length });
    }
    const open = messages.slice(this.settled.length).map((m) => JSON.stringify(m));
    const tail = `${this.settled.length && open.length ? ',' : ''}${open.join(',')}]`;
    return [Buffer.from('['), this.bytes.subarray(0, this.length), Buffer.from(tail)];
  }

  messagesJson(messages: readonly Message[], live: Message | null): string {
    return Buffer.concat(this.messagesParts(messages, live)).toString('utf8');
  }

  private append(text: string): void {
    const need = this.length + Buffer.byteLength(text);
    if (need > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(need, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    this.length += this.bytes.write(text, this.length);
  }
}

/** The transcript's bytes now, in parts (its folder made, stale temporary files of an earlier run removed). */
export function transcriptParts(
  path: string,
  session: SessionInfo,
  messages: readonly Message[],
  serializer: TranscriptSerializer,
  live: Message | null,
): Buffer[] {
  if (cleaned.has(path)) mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR });
  else {
    privateDir(dirname(path)); // the conversation is private (docs/reliability.md, "Private files")
    removeStaleTemps(path);
    cleaned.add(path);
  }
  const head = JSON.stringify({ version: 1, session: { ...session, updatedAt: new Date().toISOString() } }).slice(0, -1);
  // One compact line: `jq` reads it as well as an indented file, at half the bytes to write.
  return [Buffer.from(`${head},"state":{"messages":`), ...serializer.messagesParts(messages, live), Buffer.from('}}\n')];
}

// Written atomically (temp file + rename) so a hook never reads half a file; no fsync: the
// transcript is rewritten before every hook, and a crash loses at most the last change. The rename
// replaces the path itself: a symlink a hook put there is replaced, never written through.
export function writeTranscript(
  path: string,
  session: SessionInfo,
  messages: readonly Message[],
  serializer = new TranscriptSerializer(),
  live: Message | null = null,
): void {
  writeFileAtomic(path, transcriptParts(path, session, messages, serializer, live), { fsync: false, mode: PRIVATE_FILE });
}

/** Why a file cannot be written, in words (the error's own message names a temporary file). */
export function whyUnwritable(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    EISDIR: 'a folder is in its place',
    ENOTEMPTY: 'a folder is in its place',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ELOOP: 'a symlink is in its place',
  };
  return (code && words[code]) ?? messageOf(err);
}

export function readTranscript(path: string): TranscriptFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`no saved session at ${path}`);
  }
  const data = JSON.parse(text) as TranscriptFile;
  if (!data?.state || !Array.isArray(data.state.messages)) throw new Error(`${path} is not a Wave session transcript`);
  return data;
}
