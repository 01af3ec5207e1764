// Markdown files with a small front matter block (`---` lines around `key: value` pairs), as used
// by subagent definitions and workflows. Values: strings, `[a, b]` lists, or `- item` lines.
export interface FrontMatterDoc {
  data: Record<string, string | string[]>;
  body: string;
}

export function parseFrontMatter(text: string): FrontMatterDoc {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!m) return { data: {}, body: text.trim() };
  const data: Record<string, string | string[]> = {};
  let listKey: string | null = null;
  for (const raw of m[1]!.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (data[listKey] as string[]).push(unquote(item[1]!));
      continue;
    }
    const kv = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!kv) continue;
    const key = kv[1]!;
    const value = kv[2]!;
    if (value === '') {
      data[key] = [];
      listKey = key;
    } else if (value.startsWith('[') && value.endsWith(']')) {
      data[key] = value
        .slice(1, -1)
        .split(',')
        .map((v) => unquote(v.trim()))
        .filter(Boolean);
      listKey = null;
    } else {
      data[key] = unquote(value.trim());
      listKey = null;
    }
  }
  return { data, body: text.slice(m[0].length).trim() };
}

function unquote(v: string): string {
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
}

/** A value that may be a list or a comma-separated string, as a list. */
export function listValue(v: string | string[] | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
}
