// Rows of THE table of hook events (`../events.ts`; the shape of a row: `../eventSpec.ts`). MCP elicitations, watched files, model switches, the session end.
// Adding an event is adding one row to the file of its kind (docs/architecture.md, "Where to change what").

import { define } from '../eventSpec.js';

import { type ElicitationInput, type ElicitationResultInput, type FileChangedInput, type ModelSwitchInput, MODEL_SWITCH_SOURCES } from '../eventInputs.js';

const modelSwitchPayload = (i: ModelSwitchInput) => ({ from_model: i.from_model, to_model: i.to_model, requested_model: i.requested_model, source: i.source });
const modelSwitchSample: ModelSwitchInput = { from_model: 'gpt-5', to_model: 'gpt-5-mini', requested_model: 'gpt-5-mini', source: 'subagent' };

export const ENVIRONMENT_EVENTS = {
  Elicitation: define<ElicitationInput>({
    when: 'an MCP server asks the user for input, before the form is shown (a hook may answer or decline for the user)',
    matcherField: 'mcp_server_name',
    payload: (i) => ({
      mcp_server_name: i.mcp_server_name,
      message: i.message,
      mode: i.mode,
      ...(i.url !== undefined ? { url: i.url } : {}),
      ...(i.elicitation_id !== undefined ? { elicitation_id: i.elicitation_id } : {}),
      ...(i.requested_schema !== undefined ? { requested_schema: i.requested_schema } : {}),
    }),
    sample: {
      mcp_server_name: 'github',
      message: 'Which repository?',
      mode: 'form',
      requested_schema: { type: 'object', properties: { repo: { type: 'string' } } },
    },
    onBlock: 'declineElicitation',
    plainStdout: 'ignored',
    accepts: ['elicitationAction'],
  }),
  ElicitationResult: define<ElicitationResultInput>({
    when: 'the user (or an Elicitation hook) answered an MCP server’s request for input, before the answer is sent (a hook may change it)',
    matcherField: 'mcp_server_name',
    payload: (i) => ({
      mcp_server_name: i.mcp_server_name,
      action: i.action,
      ...(i.content !== undefined ? { content: i.content } : {}),
      mode: i.mode,
      ...(i.elicitation_id !== undefined ? { elicitation_id: i.elicitation_id } : {}),
    }),
    sample: { mcp_server_name: 'github', action: 'accept', content: { repo: 'wave' }, mode: 'form' },
    onBlock: 'declineElicitation',
    plainStdout: 'ignored',
    accepts: ['elicitationAction'],
  }),
  FileChanged: define<FileChangedInput>({
    when: 'a watched file changed, was added or removed (the watchPaths of SessionStart, CwdChanged and FileChanged hooks, and the file names in FileChanged matchers)',
    matcherField: 'file_name',
    payload: (i) => ({ file_path: i.file_path, event: i.event }),
    sample: { file_path: '/project/.envrc', file_name: '.envrc', event: 'change' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: ['watchPaths'],
    envFile: true,
  }),
  PreModelSwitch: define<ModelSwitchInput>({
    when: 'the model of a running session is about to change (a save in the Model section, a subagent whose definition names another model)',
    matcherField: 'source',
    matcherValues: MODEL_SWITCH_SOURCES,
    payload: modelSwitchPayload,
    sample: modelSwitchSample,
    onBlock: 'keepModel',
    plainStdout: 'ignored',
    accepts: ['permissionDecision'],
  }),
  PostModelSwitch: define<ModelSwitchInput>({
    when: 'the model of a running session changed',
    matcherField: 'source',
    matcherValues: MODEL_SWITCH_SOURCES,
    payload: modelSwitchPayload,
    sample: modelSwitchSample,
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
  SessionEnd: define<{ reason: 'clear' | 'resume' | 'exit' | 'other' }>({
    when: 'the session ends (reason: clear, resume, exit, other)',
    payload: (i) => ({ reason: i.reason }),
    sample: { reason: 'exit' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
} as const;
