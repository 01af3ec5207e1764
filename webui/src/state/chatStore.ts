// The chat: the session's messages (pushed by id as they change, so text streams in), the busy
// flag, pending permission prompts, hook runs not yet placed in a message, the hooks running now
// (with a clock that ticks while any runs), the timeline built from all of them, and the draft.
import { batch, computed, effect, signal } from '@preact/signals';
import type { SidecarClient } from '../connection/client.js';
import type { ChatState, HookRunRecord, HookRunStart, McpElicitation, Message, PermissionPrompt, StopChoice } from '../connection/protocol.js';
import type { AppStore } from './appStore.js';
import { layoutTimeline } from './timeline.js';
import { attempt } from './attempt.js';

/** A running hook gets its live card once it has run this long (docs/hooks.md, "Hook runs in the chat"). */
export const LIVE_AFTER_MS = 300;

export class ChatStore {
  readonly #messages = signal<Message[]>([]);
  readonly #busy = signal(false);
  readonly #prompts = signal<PermissionPrompt[]>([]);
  /** MCP servers' requests for input (docs/mcp.md, "Elicitation"), shown as forms. */
  readonly #elicitations = signal<McpElicitation[]>([]);
  readonly #liveRuns = signal<HookRunRecord[]>([]);
  readonly #running = signal<HookRunStart[]>([]);
  /** The time the live cards show, ticking while a hook runs. */
  readonly #now = signal(Date.now());
  readonly #disposeClock: () => void;
  readonly #draft = signal('');
  /** Bumped when the input should take the focus (a prefill arrived). */
  readonly #focusRequest = signal(0);
  readonly #selection = signal<readonly [number, number]>([0, 0]);
  readonly #error = signal<string | null>(null);
  readonly #loaded = signal(false);
  /** The run the Runs view's Open conversation asked to show (its card is opened and scrolled to). */
  readonly #focusRun = signal<string | null>(null);
  /** The conversation's title, when a hook gave one (`sessionTitle`). */
  readonly #title = signal<string | null>(null);

  constructor(
    private readonly client: SidecarClient,
    private readonly app: AppStore,
  ) {
    client.on('chat.messages', ({ messages, title }) =>
      batch(() => {
        this.#merge(messages);
        if (title) this.#title.value = title;
      }),
    );
    client.on('chat.busy', ({ busy }) => (this.#busy.value = busy));
    client.on('chat.hookRun', ({ run }) =>
      batch(() => {
        this.#liveRuns.value = [...this.#liveRuns.value, run];
        this.#running.value = this.#running.value.filter((r) => r.id !== run.id);
      }),
    );
    client.on('chat.hookStart', ({ run }) => (this.#running.value = [...this.#running.value, run]));
    client.on('chat.permissionRequest', (p) => {
      if (!this.#prompts.value.some((q) => q.requestId === p.requestId)) this.#prompts.value = [...this.#prompts.value, p];
    });
    client.on('chat.permissionResolved', ({ requestId }) => this.#dropPrompt(requestId));
    client.on('chat.elicitationRequest', (e) => {
      if (!this.#elicitations.value.some((x) => x.requestId === e.requestId)) this.#elicitations.value = [...this.#elicitations.value, e];
    });
    client.on('chat.elicitationResolved', ({ requestId }) => {
      this.#elicitations.value = this.#elicitations.value.filter((x) => x.requestId !== requestId);
    });
    client.on('chat.reset', (state) => this.#reset(state));
    client.on('chat.prefill', ({ text }) => this.prefill(text));
    // A blocked prompt comes back into the composer (unless the user already typed something new).
    client.on('chat.promptBlocked', ({ text }) => {
      if (!this.#draft.value.trim()) this.prefill(text);
    });
    // The clock ticks only while a hook runs.
    this.#disposeClock = effect(() => {
      if (!this.#running.value.length) return;
      const timer = setInterval(() => (this.#now.value = Date.now()), 100);
      this.#now.value = Date.now();
      return () => clearInterval(timer);
    });
  }

  dispose(): void {
    this.#disposeClock();
  }

  get now(): number {
    return this.#now.value;
  }

  /** Running hooks that have run long enough for a live card. */
  readonly liveRuns = computed(() => this.#running.value.filter((r) => this.#now.value - Date.parse(r.startedAt) >= LIVE_AFTER_MS));

  /** The timeline: messages with their items in causal order, then what belongs to no message yet. */
  readonly timeline = computed(() => layoutTimeline(this.#messages.value, this.pendingRuns.value, this.liveRuns.value));

  /** Kills a running hook (a live card's Stop); `then`: what happens to the call a guard runs for (default: cancelled). */
  async stopHook(runId: string, then?: StopChoice): Promise<void> {
    await attempt(this.#error, () => this.client.request('chat.stopHook', { runId, ...(then ? { then } : {}) }));
  }

  get focusRun(): string | null {
    return this.#focusRun.value;
  }

  /** Open conversation (the Runs view): shows the chat at this run's card (the IDE shows its chat window). */
  openRun(runId: string): void {
    this.#focusRun.value = runId;
    this.app.showPage('chat');
    if (this.app.mode !== 'browser') void this.client.request('host.showChat', {}).catch(() => undefined);
  }

  /** The card of the run to show was shown. */
  runFocused(): void {
    this.#focusRun.value = null;
  }

  get messages(): Message[] {
    return this.#messages.value;
  }
  get title(): string | null {
    return this.#title.value;
  }

  get busy(): boolean {
    return this.#busy.value;
  }
  get prompts(): PermissionPrompt[] {
    return this.#prompts.value;
  }
  get elicitations(): McpElicitation[] {
    return this.#elicitations.value;
  }

  /** Answers an MCP server's request for input (accept with the form's content, decline, cancel). */
  async answerElicitation(requestId: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>): Promise<void> {
    await this.client.request('chat.elicitation', { requestId, action, ...(content ? { content } : {}) });
  }
  get draft(): string {
    return this.#draft.value;
  }
  get focusRequest(): number {
    return this.#focusRequest.value;
  }
  get error(): string | null {
    return this.#error.value;
  }
  get loaded(): boolean {
    return this.#loaded.value;
  }

  /** Hook runs reported live that no message holds yet (they move into a message later). */
  readonly pendingRuns = computed(() => {
    const placed = new Set<string>();
    for (const m of this.#messages.value) for (const b of m.blocks) if (b.type === 'hook_run') placed.add(b.run.id);
    return this.#liveRuns.value.filter((r) => !placed.has(r.id));
  });

  async load(): Promise<void> {
    await attempt(this.#error, async () => this.#reset(await this.client.request('chat.state', {})));
  }

  setDraft(text: string): void {
    this.#draft.value = text;
  }

  /**
   * Opens the chat with this text in the input (editable; sent only when the user sends it). A draft
   * the user was writing is kept: the text goes above it, and what to type over is selected — the
   * text's first `<placeholder>`, else the whole text.
   */
  prefill(text: string): void {
    const draft = this.#draft.value;
    const keep = draft.trim() && draft !== text && !draft.startsWith(text);
    const open = text.indexOf('<');
    const close = open >= 0 ? text.indexOf('>', open) : -1;
    batch(() => {
      this.#draft.value = keep ? `${text}\n\n${draft}` : text;
      this.#selection.value = close > open && open >= 0 ? [open, close + 1] : keep ? [0, text.length] : [text.length, text.length];
      this.#error.value = null;
      this.#focusRequest.value++;
    });
    this.app.showPage('chat');
  }

  /** What the input selects when it takes the focus for a prefill. */
  get selection(): readonly [number, number] {
    return this.#selection.value;
  }

  /** Sends the text as an ordinary user message (a leading `/settings` is just text). */
  async send(text: string = this.#draft.value): Promise<boolean> {
    if (!text.trim() || this.#busy.value) return false;
    this.#error.value = null;
    return attempt(this.#error, async () => {
      await this.client.request('chat.send', { text });
      if (this.#draft.value === text) this.#draft.value = '';
      this.#busy.value = true;
    });
  }

  async abort(): Promise<void> {
    await this.client.request('chat.abort', {});
  }

  /** Answers a prompt; `always` also writes its allow rule into the project's local settings. */
  async answerPermission(requestId: string, behavior: 'allow' | 'deny', always = false): Promise<void> {
    const answered = await attempt(this.#error, () => this.client.request('chat.permission', { requestId, behavior, ...(always ? { always } : {}) }));
    // A rule that could not be written leaves the prompt pending: the user can still answer it.
    if (answered || !always) this.#dropPrompt(requestId);
  }

  #dropPrompt(requestId: string): void {
    this.#prompts.value = this.#prompts.value.filter((p) => p.requestId !== requestId);
  }

  #reset(state: ChatState): void {
    batch(() => {
      this.#messages.value = state.messages;
      this.#busy.value = state.busy;
      this.#prompts.value = state.pendingPermissions;
      this.#liveRuns.value = [];
      this.#running.value = state.running;
      this.#loaded.value = true;
      this.#title.value = state.title ?? null;
    });
  }

  /** Replaces changed messages by id, appends new ones. */
  #merge(changed: Message[]): void {
    const list = this.#messages.value.slice();
    const index = new Map(list.map((m, i) => [m.id, i]));
    for (const m of changed) {
      const i = index.get(m.id);
      if (i === undefined) {
        index.set(m.id, list.length);
        list.push(m);
      } else list[i] = m;
    }
    this.#messages.value = list;
  }
}
