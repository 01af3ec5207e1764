// The conversation of the main agent (docs/architecture.md): the session's messages, the assistant
// message a model step writes into, the run records and notices waiting for one, and the session
// transcript (`~/.wave/sessions/session_<id>.json`), rewritten when the conversation changed, and
// its Claude Code format twin (transcriptJsonl.ts), appended to. All
// of its state is private; the loop reaches it through ConversationPort.
import { randomUUID } from 'node:crypto';
import type { ConversationPort } from './host.js';
import { newMessage, type Block, type Message } from './messages.js';
import { readTranscript, TranscriptSerializer, transcriptPath, whyUnwritable, writeTranscript, type SessionInfo } from './transcript.js';
import { JsonlTranscript, jsonlTranscriptPath } from './transcriptJsonl.js';

export interface ConversationOptions {
  workdir: string;
  sessionsDir: string;
  /** Where the Claude Code format twin goes (`<projectsDir>/<project slug>/<id>.jsonl`). */
  projectsDir: string;
  /** The session's current working directory (each JSONL entry's `cwd`). */
  cwd: () => string;
  /** The model's name (the JSONL assistant entries' `message.model`). */
  model?: () => string | undefined;
  /** Whether a turn runs now (blocks that arrive between model steps then wait for the next one). */
  inTurn: () => boolean;
  onChange?: (messages: readonly Message[]) => void;
}

function newSession(workdir: string): SessionInfo {
  const now = new Date().toISOString();
  return { id: randomUUID(), workdir, createdAt: now, updatedAt: now };
}

export class Conversation implements ConversationPort {
  private session: SessionInfo;
  private list: Message[] = [];
  /** Run records and notices of a turn that no assistant message holds yet. */
  private pending: Block[] = [];
  /** The assistant message the current model step writes into. */
  private current: Message | null = null;
  /** Changed since the transcript was last written (every change goes through changed()). */
  private dirty = true;
  /** A transcript write failed and the user was told; cleared when a write works again. */
  private saveFailing = false;
  /** The session has a file: resumed, or written once (a new session gets one with its first prompt). */
  private hasFile = false;
  private jsonl: JsonlTranscript;
  private readonly serializer = new TranscriptSerializer();
  private jsonlFailing = false;

  constructor(private readonly opts: ConversationOptions) {
    this.session = newSession(opts.workdir);
    this.jsonl = this.newJsonl();
  }

  private newJsonl(): JsonlTranscript {
    const id = this.session.id;
    const model = this.opts.model ? { model: this.opts.model } : {};
    return new JsonlTranscript(jsonlTranscriptPath(this.opts.projectsDir, this.opts.workdir, id), { id, cwd: this.opts.cwd, ...model });
  }

  get sessionId(): string {
    return this.session.id;
  }
  /** The title a hook gave the conversation (`sessionTitle`), if any. */
  get title(): string | undefined {
    return this.session.title;
  }
  setTitle(title: string): void {
    this.session = { ...this.session, title };
    this.changed();
  }
  get transcriptPath(): string {
    return transcriptPath(this.opts.sessionsDir, this.session.id);
  }
  get transcriptJsonlPath(): string {
    return this.jsonl.path;
  }
  get messages(): readonly Message[] {
    return this.list;
  }

  /** Continues a saved session. */
  resume(id: string): void {
    const saved = readTranscript(transcriptPath(this.opts.sessionsDir, id));
    this.session = saved.session;
    this.list = saved.state.messages;
    this.jsonl = this.newJsonl();
    this.jsonl.adopt();
    this.hasFile = true;
  }

  /** A new, empty session (`/clear`). */
  restart(): void {
    this.session = newSession(this.opts.workdir);
    this.hasFile = false;
    this.jsonl = this.newJsonl();
    this.list = [];
    this.current = null;
    this.changed();
  }

  push(message: Message): Message {
    this.list.push(message);
    this.changed();
    return message;
  }

  /** Starts the assistant message of a model step, carrying the runs and notices gathered so far. */
  beginAssistant(): Message {
    const m = newMessage('assistant', this.pending.splice(0));
    this.current = m;
    return this.push(m);
  }

  currentMessageId(): string {
    return this.current?.id ?? '';
  }

  /** The turn is over: later blocks go to a message of their own. */
  endTurn(): void {
    this.current = null;
    this.flushPending();
  }

  /** A text for the user only (an `error` block). */
  notice(text: string): void {
    this.addBlock({ type: 'error', content: text });
  }

  addBlock(block: Block): void {
    if (this.current) {
      this.current.blocks.push(block);
      this.changed();
    } else if (this.opts.inTurn()) {
      this.pending.push(block);
    } else {
      this.push(newMessage('assistant', [block], true));
    }
  }

  /** Puts runs and notices that no assistant message took into a meta message of their own. */
  flushPending(): void {
    if (this.pending.length) this.push(newMessage('assistant', this.pending.splice(0), true));
  }

  /** The last prompt the user typed (what automatic compaction keeps word for word). */
  lastUserPrompt(): Message | undefined {
    return [...this.list].reverse().find((m) => m.role === 'user' && !m.isMeta);
  }

  changed(): void {
    this.dirty = true;
    this.opts.onChange?.(this.list);
  }

  /**
   * Rewrites the transcript (atomically) when the conversation changed since the last write. One
   * that cannot be written (a hook put a folder in its place, the disk is full) is a warning for
   * the user, once until a write works again, and the turn goes on (docs/reliability.md).
   */
  save(): void {
    if (!this.dirty) return;
    // A session nobody has written to yet (the page opened, SessionStart ran) gets no file: it is
    // created with the first prompt, so opening the chat leaves no empty session behind.
    if (!this.hasFile && !this.lastUserPrompt()) return;
    this.hasFile = true;
    this.dirty = false;
    this.saveFailing = this.tryWrite(this.transcriptPath, this.saveFailing, () =>
      writeTranscript(this.transcriptPath, this.session, this.list, this.serializer, this.current),
    );
    this.jsonlFailing = this.tryWrite(this.jsonl.path, this.jsonlFailing, () => this.jsonl.update(this.list));
  }

  /** Runs one transcript write; returns whether it is failing (the user hears once, until it works again). */
  private tryWrite(path: string, failing: boolean, write: () => void): boolean {
    try {
      write();
      return false;
    } catch (err) {
      return this.failed(path, failing, err);
    }
  }

  /** A write that failed: tried again before the next hook; the user hears once, until a write works. */
  private failed(path: string, failing: boolean, err: unknown): true {
    this.dirty = true;
    if (!failing) this.notice(`the transcript ${path} cannot be written (${whyUnwritable(err)}); the conversation goes on without it`);
    return true;
  }
}
