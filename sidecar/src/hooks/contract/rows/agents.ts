// Rows of THE table of hook events (`../events.ts`; the shape of a row: `../eventSpec.ts`). Subagents, compaction and worktrees.
// Adding an event is adding one row to the file of its kind (docs/architecture.md, "Where to change what").

import { define, lastMessage } from '../eventSpec.js';

import { type SubagentStopInput } from '../eventInputs.js';

export const AGENT_EVENTS = {
  SubagentStart: define<{ agent_type: string; agent_id?: string }>({
    when: 'a subagent starts',
    matcherField: 'agent_type',
    payload: (i) => ({ agent_type: i.agent_type, ...(i.agent_id ? { agent_id: i.agent_id } : {}) }),
    sample: { agent_type: 'general-purpose', agent_id: 'agent_test_0001' },
    onBlock: 'userOnly',
    plainStdout: 'ignored',
    accepts: ['additionalContext'],
  }),
  SubagentStop: define<SubagentStopInput>({
    when: 'a subagent finished its work',
    matcherField: 'agent_type',
    payload: (i) => ({
      stop_hook_active: i.stop_hook_active,
      ...lastMessage(i.last_assistant_message),
      agent_type: i.agent_type,
      ...(i.agent_id ? { agent_id: i.agent_id } : {}),
      ...(i.agent_transcript_path ? { agent_transcript_path: i.agent_transcript_path } : {}),
    }),
    sample: { stop_hook_active: false, last_assistant_message: 'Subagent done.', agent_type: 'general-purpose' },
    onBlock: 'keepGoing',
    plainStdout: 'ignored',
    accepts: [],
  }),
  PreCompact: define<{ trigger: 'manual' | 'auto'; compact_instructions: string }>({
    when: 'before the conversation is compacted (manual or auto)',
    matcherField: 'trigger',
    matcherValues: ['manual', 'auto'],
    payload: (i) => ({
      trigger: i.trigger,
      compact_instructions: i.compact_instructions,
      custom_instructions: i.compact_instructions,
    }),
    sample: { trigger: 'manual', compact_instructions: '' },
    onBlock: 'dropped',
    plainStdout: 'instructions',
    accepts: [],
  }),
  PostCompact: define<{ trigger: 'manual' | 'auto'; compact_summary: string }>({
    when: 'after a successful compaction',
    matcherField: 'trigger',
    matcherValues: ['manual', 'auto'],
    payload: (i) => ({ trigger: i.trigger, compact_summary: i.compact_summary }),
    sample: { trigger: 'manual', compact_summary: 'Summary of the conversation so far.' },
    onBlock: 'userOnly',
    plainStdout: 'ignored',
    accepts: [],
  }),
  WorktreeCreate: define<{ name: string }>({
    when: 'a worktree is to be created (a hook that prints a path replaces git worktree add)',
    payload: (i) => ({ name: i.name }),
    sample: { name: 'feature-x' },
    onBlock: 'userOnly', // when no hook supplies a path, the failing hooks' stderr is shown
    plainStdout: 'path',
    accepts: [],
    firstPathWins: true,
  }),
  WorktreeRemove: define<{ worktree_path: string }>({
    when: 'a hook-created worktree is removed (the hook does the removal)',
    payload: (i) => ({ worktree_path: i.worktree_path }),
    sample: { worktree_path: '/tmp/worktrees/feature-x' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
} as const;
