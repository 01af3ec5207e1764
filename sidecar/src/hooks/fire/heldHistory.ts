// The history lines of a firing whose input is dropped when a hook blocks it (a blocked prompt is
// stored nowhere: docs/hooks.md, "History"). Each line waits until the firing's decision is known;
// then it is written with the stdin it got, or, when the event was blocked, without it
// (`stdinErased`). A line of a background run that ends later is written at once, the same way.
import type { HistoryWriter, StoredLine } from '../history/history.js';

/** A line of one run: with its stdin, or erased. */
export type LineOf = (erased: boolean) => StoredLine;

export class HeldHistory {
  private held: LineOf[] = [];
  private erased: boolean | null = null;

  constructor(private readonly history: HistoryWriter) {}

  add(line: LineOf): void {
    if (this.erased === null) this.held.push(line);
    else this.history.append(line(this.erased));
  }

  /** The firing's decision: the held lines go out, their stdin erased when the event was blocked. */
  settle(blocked: boolean): void {
    this.erased = blocked;
    for (const line of this.held.splice(0)) this.history.append(line(blocked));
  }
}
