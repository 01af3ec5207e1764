// The per-turn hook budget (docs/hooks.md, "How a hook runs"): all synchronous hooks of one user turn share it. Each hook's
// timeout is cut to what is left; once it is spent the remaining hooks of the turn are skipped.
export class TurnBudget {
  private spentMs = 0;
  constructor(readonly totalSeconds: number) {}

  remainingMs(): number {
    return Math.max(0, this.totalSeconds * 1000 - this.spentMs);
  }

  get exhausted(): boolean {
    return this.remainingMs() <= 0;
  }

  spend(ms: number): void {
    this.spentMs += ms;
  }
}
