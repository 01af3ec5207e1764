// A line diff for approvals (an Edit's old_string → new_string, a Write's new content): the lines
// removed, added and kept, from a longest common subsequence. Long texts are cut first (the card
// shows at most MAX_LINES lines each side); the rest is counted, not compared.
export type DiffLine = { kind: 'same' | 'del' | 'add'; text: string };

export const MAX_LINES = 400;

export function lineDiff(before: string, after: string): { lines: DiffLine[]; cut: number } {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  const cut = Math.max(0, a.length - MAX_LINES) + Math.max(0, b.length - MAX_LINES);
  const x = a.slice(0, MAX_LINES);
  const y = b.slice(0, MAX_LINES);
  // lcs[i][j]: length of the longest common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint16Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      lines.push({ kind: 'same', text: x[i++]! });
      j++;
    } else if (i < x.length && (j === y.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) lines.push({ kind: 'del', text: x[i++]! });
    else lines.push({ kind: 'add', text: y[j++]! });
  }
  return { lines, cut };
}

/** What an approval changes in a file, when the tool is one that does: Edit (old → new) or Write (the file now → its new text). */
export function approvalDiff(toolName: string, input: Record<string, unknown>, original = ''): { lines: DiffLine[]; cut: number } | null {
  const str = (k: string) => (typeof input[k] === 'string' ? input[k] : null);
  if (toolName === 'Edit' && str('new_string') !== null) return lineDiff(str('old_string') ?? '', str('new_string')!);
  if (toolName === 'Write' && str('content') !== null) return lineDiff(original, str('content')!);
  return null;
}
