// Subagent types: `.wave/agents/*.md` (project) and `~/.wave/agents/*.md` (user), each a markdown
// file whose front matter gives name, description, tools and model and whose body is the subagent's
// instructions; plus the built-in general-purpose agent. Project definitions win over user ones.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { listValue, parseFrontMatter } from './frontMatter.js';

export interface AgentDefinition {
  name: string;
  description: string;
  /** Tool names it may use; undefined = all of the parent's (except Task). */
  tools?: string[];
  /** A model name, or undefined / "inherit" for the session's model. */
  model?: string;
  prompt: string;
  source: 'builtin' | 'user' | 'project';
  file: string | null;
}

export const GENERAL_PURPOSE: AgentDefinition = {
  name: 'general-purpose',
  description: 'General-purpose agent for researching questions, searching code and doing multi-step tasks on its own.',
  prompt:
    'You are a subagent working on one task for the main agent. Do the task with the tools you have, then answer with a concise report of what you found or did: your final message is all the main agent will see.',
  source: 'builtin',
  file: null,
};

function readDir(dir: string, source: 'user' | 'project'): AgentDefinition[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.md'))
      .sort();
  } catch {
    return [];
  }
  const out: AgentDefinition[] = [];
  for (const n of names) {
    const file = join(dir, n);
    const doc = parseFrontMatter(readFileSync(file, 'utf8'));
    const name = typeof doc.data.name === 'string' ? doc.data.name : basename(n, '.md');
    const model = typeof doc.data.model === 'string' && doc.data.model !== 'inherit' ? doc.data.model : undefined;
    const tools = listValue(doc.data.tools);
    out.push({
      name,
      description: typeof doc.data.description === 'string' ? doc.data.description : '',
      ...(tools ? { tools } : {}),
      ...(model ? { model } : {}),
      prompt: doc.body || GENERAL_PURPOSE.prompt,
      source,
      file,
    });
  }
  return out;
}

/** Every subagent type, by name (project over user over built-in). */
export function loadAgentDefinitions(userDir: string, projectDir: string): Map<string, AgentDefinition> {
  const map = new Map<string, AgentDefinition>([[GENERAL_PURPOSE.name, GENERAL_PURPOSE]]);
  for (const d of readDir(join(userDir, 'agents'), 'user')) map.set(d.name, d);
  for (const d of readDir(join(projectDir, 'agents'), 'project')) map.set(d.name, d);
  return map;
}
