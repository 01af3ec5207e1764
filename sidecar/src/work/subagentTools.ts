// The Agent tool (a subagent, in the foreground or the background) and the Workflow tool (a named
// list of steps run by a background subagent). Background ones are registered as running work and
// report their completion as a notification.
import * as z from 'zod';
import { messageText } from '../agent/messages.js';
import type { LoopResult } from '../agent/loop.js';
import { failure, type AnyTool, type Tool } from '../agent/tools/types.js';
import { loadAgentDefinitions, type AgentDefinition } from './agentDefs.js';
import type { WorkRegistry } from './registry.js';
import { Subagent, type SubagentParent } from './subagent.js';
import { loadWorkflow, type Workflow } from './workflows.js';
import { messageOf } from '../util/errors.js';

/** The names of this module's tools (the catalogue of every tool name is app/tools.ts). */
/** `Agent` is Claude Code's current name for its subagent tool (it was `Task`; hooks may name either: hooks/contract/toolAliases.ts). */
export const SUBAGENT_TOOL_NAMES = ['Agent', 'Workflow'] as const;

export interface LauncherOptions {
  parent: SubagentParent;
  registry: WorkRegistry;
  userDir: string;
  projectDir: string;
  /** Aborted when the session ends: stops background subagents and workflows. */
  sessionSignal: AbortSignal;
}

const taskSchema = z.object({
  description: z.string().describe('A short (3-5 word) description of the task'),
  prompt: z.string().describe('The task for the subagent, with everything it needs to know'),
  subagent_type: z.string().optional().describe('The type of subagent (default general-purpose)'),
  run_in_background: z.boolean().optional().describe('Run in the background; you are notified when it finishes'),
});

const workflowSchema = z.object({ name: z.string().describe('The workflow file name in .wave/workflows/, without .md') });

function definition(opts: LauncherOptions, type: string | undefined): AgentDefinition {
  const defs = loadAgentDefinitions(opts.userDir, opts.projectDir);
  const def = defs.get(type ?? 'general-purpose');
  if (!def) throw new Error(`unknown subagent_type "${type}"; available: ${[...defs.keys()].join(', ')}`);
  return def;
}

function reportOf(id: string, def: AgentDefinition, description: string, r: LoopResult): string {
  const how = r.error ? `failed: ${r.error}` : r.aborted ? 'was stopped' : `finished. Its report:\n${r.result}`;
  return `Subagent ${id} (${def.name}: ${description}) ${how}`;
}

const lastAssistantText = (sub: Subagent) => messageText([...sub.messages].reverse().find((m) => m.role === 'assistant'));

function taskTool(opts: LauncherOptions): Tool<z.infer<typeof taskSchema>> {
  return {
    name: 'Agent' satisfies (typeof SUBAGENT_TOOL_NAMES)[number],
    description: 'Starts a subagent on a task. Types come from .wave/agents/*.md and ~/.wave/agents/*.md, plus general-purpose.',
    schema: taskSchema,
    access: 'other',
    async run(input, ctx) {
      let def: AgentDefinition;
      try {
        def = definition(opts, input.subagent_type);
      } catch (err) {
        return failure(messageOf(err));
      }
      const id = opts.registry.nextId('subagent');
      if (input.run_in_background) {
        const sub = new Subagent(opts.parent, def, id, opts.sessionSignal);
        opts.registry.start({ id, type: 'subagent', description: input.description, agent_type: def.name });
        void sub.run(input.prompt).then(
          (r) => opts.registry.finish(id, r.error || r.aborted ? 'failed' : 'completed', reportOf(id, def, input.description, r)),
          (err: Error) => opts.registry.finish(id, 'failed', `Subagent ${id} (${def.name}) failed: ${err.message}`),
        );
        const result = `Subagent ${id} (${def.name}) is working in the background; you will be notified when it finishes.`;
        return { success: true, result, response: { agentId: id, agentType: def.name, status: 'running', backgroundTaskId: id, success: true } };
      }
      const sub = new Subagent(opts.parent, def, id, ctx.signal ?? opts.sessionSignal);
      const r = await sub.run(input.prompt);
      const last = lastAssistantText(sub);
      const response = { agentId: id, agentType: def.name, result: r.result || last, totalMessages: sub.messages.length };
      if (r.error) return failure(`Subagent ${id} failed: ${r.error}`, response);
      return { success: true, result: r.result || last || '(the subagent gave no answer)', response: { ...response, success: true } };
    },
  };
}

/** Runs a workflow's steps in order in one background subagent, then reports to the registry. */
async function runSteps(opts: LauncherOptions, wf: Workflow, sub: Subagent, id: string): Promise<void> {
  for (const [i, step] of wf.steps.entries()) {
    const r = await sub.run(`Workflow "${wf.name}", step ${i + 1} of ${wf.steps.length}:\n${step}`);
    if (r.error || r.aborted || r.stopped) {
      const why = r.error ?? (r.aborted ? 'stopped' : `stopped by a hook: ${r.stopped?.reason ?? ''}`);
      opts.registry.finish(id, 'failed', `Workflow ${wf.name} (${id}) failed at step ${i + 1} of ${wf.steps.length}: ${why}`);
      return;
    }
  }
  opts.registry.finish(id, 'completed', `Workflow ${wf.name} (${id}) finished all ${wf.steps.length} steps. Last report:\n${lastAssistantText(sub)}`);
}

function workflowTool(opts: LauncherOptions): Tool<z.infer<typeof workflowSchema>> {
  return {
    name: 'Workflow' satisfies (typeof SUBAGENT_TOOL_NAMES)[number],
    description: 'Starts a named workflow (.wave/workflows/<name>.md): its steps run in order by a background subagent.',
    schema: workflowSchema,
    access: 'other',
    async run(input) {
      let wf: Workflow;
      let def: AgentDefinition;
      try {
        wf = loadWorkflow(opts.projectDir, input.name);
        def = definition(opts, wf.agent);
      } catch (err) {
        return failure(messageOf(err));
      }
      const id = opts.registry.nextId('workflow');
      opts.registry.start({ id, type: 'workflow', description: wf.description, name: wf.name });
      const sub = new Subagent(opts.parent, def, id, opts.sessionSignal);
      void runSteps(opts, wf, sub, id).catch((err: Error) => opts.registry.finish(id, 'failed', `Workflow ${wf.name} (${id}) failed: ${err.message}`));
      const result = `Workflow ${wf.name} started in the background as ${id} (${wf.steps.length} steps); you will be notified when it finishes.`;
      return { success: true, result, response: { workflowId: id, name: wf.name, steps: wf.steps.length, backgroundTaskId: id, success: true } };
    },
  };
}

export function createSubagentTools(opts: LauncherOptions): AnyTool[] {
  return [taskTool(opts), workflowTool(opts)];
}
