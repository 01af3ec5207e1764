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

/**
 * The JSON of each message, kept while the message cannot change: every message but the one the
 * model step writes into (`live`) and any whose block count moved since. Writing the transcript
 * before a hook then costs one join, not a serialisation of the whole conversation.
 */
export class TranscriptSerializer {
  private readonly cache = new WeakMap<Message, { blocks: number; json: string }>();

  messagesJson(messages: readonly Message[], live: Message | null): string {
    const parts = messages.map((m) => {
      const hit = m === live ? undefined : this.cache.get(m);
      if (hit && hit.blocks === m.blocks.length) return hit.json;
      const json = JSON.stringify(m);
      if (m !== live) this.cache.set(m, { blocks: m.blocks.length, json });
      return json;
    });
    return `[${parts.join(',')}]`;
  }
}

/** The transcript's text now (its folder made, stale temporary files of an earlier run removed). */
export function transcriptText(
  path: string,
  session: SessionInfo,
  messages: readonly Message[],
  serializer: TranscriptSerializer,
  live: Message | null,
): string {
  if (cleaned.has(path)) mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR });
  else {
    privateDir(dirname(path)); // the conversation is private (docs/reliability.md, "Private files")
    removeStaleTemps(path);
    cleaned.add(path);
  }
  const head = JSON.stringify({ version: 1, session: { ...session, updatedAt: new Date().toISOString() } }).slice(0, -1);
  // One compact line: `jq` reads it as well as an indented file, at half the bytes to write.
  return `${head},"state":{"messages":${serializer.messagesJson(messages, live)}}}\n`;
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
  writeFileAtomic(path, transcriptText(path, session, messages, serializer, live), { fsync: false, mode: PRIVATE_FILE });
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
