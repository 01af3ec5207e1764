// Workflows: `.wave/workflows/<name>.md`, a list of steps (prompts) that a background subagent
// runs in order. Front matter may name the subagent type (`agent:`) and a description. Steps are
// the items of the first list (`1. …` or `- …`, continued by indented lines) or, without a list,
// the sections under `## ` headings.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontMatter } from './frontMatter.js';

export interface Workflow {
  name: string;
  description: string;
  agent: string;
  steps: string[];
  file: string;
}

export function parseWorkflowSteps(body: string): string[] {
  const lines = body.split(/\r?\n/);
  const steps: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    const item = /^(?:\d+[.)]|[-*])\s+(.*)$/.exec(line);
    if (item) {
      if (current) steps.push(current.join('\n').trim());
      current = [item[1]!];
    } else if (current && (/^\s+\S/.test(line) || line.trim() === '')) {
      current.push(line.trim());
    } else if (current) {
      steps.push(current.join('\n').trim());
      current = null;
    }
  }
  if (current) steps.push(current.join('\n').trim());
  if (steps.length) return steps.filter(Boolean);
  return body
    .split(/^##\s+/m)
    .slice(1)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function workflowNames(projectDir: string): string[] {
  try {
    return readdirSync(join(projectDir, 'workflows'))
      .filter((n) => n.endsWith('.md'))
      .map((n) => n.slice(0, -3))
      .sort();
  } catch {
    return [];
  }
}

/** Reads a workflow by name; throws a clear error when it is missing or has no steps. */
export function loadWorkflow(projectDir: string, name: string): Workflow {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`"${name}" is not a workflow name (letters, digits, . _ - only)`);
  const file = join(projectDir, 'workflows', `${name}.md`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    const known = workflowNames(projectDir);
    throw new Error(`no workflow "${name}" (${file} does not exist)${known.length ? `; known workflows: ${known.join(', ')}` : ''}`);
  }
  const doc = parseFrontMatter(text);
  const steps = parseWorkflowSteps(doc.body);
  if (!steps.length) throw new Error(`${file} lists no steps (write them as a numbered list)`);
  return {
    name,
    description: typeof doc.data.description === 'string' ? doc.data.description : `workflow ${name}`,
    agent: typeof doc.data.agent === 'string' ? doc.data.agent : 'general-purpose',
    steps,
    file,
  };
}
