// The Stop loop guard (docs/hooks.md, "Stop"): `stop_hook_active` is true from the first Stop block
// until the user's next prompt, whatever the continuation does (tool calls, background cycles), and
// blocks are counted per user turn; once `cap` blocks were counted the loop ends anyway. The main
// agent keeps one guard per user turn, each subagent run one of its own (SubagentStop).
export class StopGuard {
  private blocks = 0;

  constructor(readonly cap: number) {}

  /** What the next Stop's `stop_hook_active` says: a Stop hook already blocked in this turn. */
  get active(): boolean {
    return this.blocks > 0;
  }

  /** Counts one block; true when it was the last one allowed (the loop must end now). */
  block(): boolean {
    this.blocks++;
    return this.blocks >= this.cap;
  }

  /** A new user turn (or a new subagent run) starts counting again. */
  reset(): void {
    this.blocks = 0;
  }
}
