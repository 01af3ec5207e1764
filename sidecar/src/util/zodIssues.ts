// One way of saying what is wrong with a value a zod schema refused (docs/hooks.md, "Safety": bad input
// gets a clear error that says what and where): each issue as its JSON path and message, after the file
// when there is one — `settings.json: hooks.PreToolUse[0].matcher: expected string`.
export type JsonPath = Array<string | number>;

/** A JSON path as written in messages: `hooks.PreToolUse[0].matcher`, `env["MY VAR"]`. */
export function formatJsonPath(path: JsonPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** What a zod issue carries that a message needs (zod's own type, narrowed). */
export interface IssueLike {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

/** An issue's path as a JSON path (symbols, which JSON has not, are left out). */
export function issuePath(issue: IssueLike): JsonPath {
  return issue.path.filter((p): p is string | number => typeof p !== 'symbol');
}

export interface IssueFormat {
  /** What the path says when the value itself is wrong (default `(root)`). */
  root?: string;
  /** The file the value was read from: said first. */
  file?: string;
}

/** One issue: `[file: ]path: message`. */
export function formatIssue(issue: IssueLike, f: IssueFormat = {}): string {
  const where = formatJsonPath(issuePath(issue)) || (f.root ?? '(root)');
  return `${f.file ? `${f.file}: ` : ''}${where}: ${issue.message}`;
}

/** Every issue of a refusal, joined with `; `. */
export function formatIssues(error: { readonly issues: readonly IssueLike[] }, f: IssueFormat = {}): string {
  return error.issues.map((i) => formatIssue(i, f)).join('; ');
}
