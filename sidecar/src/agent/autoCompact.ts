// When automatic compaction is tried (docs/hooks.md, "Compaction"): once the estimate passes
// contextWindowTokens × autoCompactThreshold. A failed attempt (the endpoint refused, or the model
// answered the summary request without text) is not repeated before every model request: the next
// one waits for a later turn AND for the conversation to grow by a tenth of the context window
// since the failure. The user hears of the failure once, until a compaction works again.

/** How much the estimate must grow after a failure before the next attempt (a share of the window). */
export const RETRY_GROWTH = 0.1;

export class AutoCompaction {
  private failed: { turn: unknown; tokens: number } | null = null;
  private told = false;

  /** Whether to compact now: `tokens` is the estimate, `turn` the turn being answered (any identity). */
  due(tokens: number, window: number, threshold: number, turn: unknown): boolean {
    if (tokens <= window * threshold) return false;
    if (!this.failed) return true;
    return turn !== this.failed.turn && tokens >= this.failed.tokens + window * RETRY_GROWTH;
  }

  /** The outcome of an attempt; returns the notice for the user (null: nothing to say, or said already). */
  after(outcome: { ok: boolean; error?: string }, tokens: number, turn: unknown): string | null {
    if (outcome.ok) {
      this.failed = null;
      this.told = false;
      return null;
    }
    this.failed = { turn, tokens };
    if (this.told) return null;
    this.told = true;
    return `${outcome.error ?? 'Compaction failed'} (automatic compaction is tried again once the conversation has grown)`;
  }
}
