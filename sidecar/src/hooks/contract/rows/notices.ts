// Rows of THE table of hook events (`../events.ts`; the shape of a row: `../eventSpec.ts`). What happens around the turn: settings files change, notifications, denials, tool batches, API failures, the working folder.
// Adding an event is adding one row to the file of its kind (docs/architecture.md, "Where to change what").

import { define, lastMessage, sampleTool, toolFields } from '../eventSpec.js';
import { CONFIG_SOURCES, type ConfigSourceName } from '../types.js';
import { NOTIFICATION_TYPES, STOP_FAILURE_TYPES, type PermissionDeniedInput, type BatchCall, type StopFailureInput } from '../eventInputs.js';

export const NOTICE_EVENTS = {
  ConfigChange: define<{ source: ConfigSourceName; file_path: string }>({
    when: 'a settings file changed during the session',
    matcherField: 'source',
    matcherValues: CONFIG_SOURCES,
    payload: (i) => ({ source: i.source, file_path: i.file_path }),
    sample: { source: 'project_settings', file_path: '/project/.wave/settings.json' },
    onBlock: 'refuseChange',
    plainStdout: 'ignored',
    accepts: [],
  }),
  Notification: define<{ message: string; notification_type: (typeof NOTIFICATION_TYPES)[number] }>({
    when: 'Wave needs the user: a permission prompt, 60 s waiting for input, a long task finished unseen',
    matcherField: 'notification_type',
    matcherValues: NOTIFICATION_TYPES,
    payload: (i) => ({ message: i.message, notification_type: i.notification_type }),
    sample: { message: 'Wave needs your permission to use Bash', notification_type: 'permission_prompt' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
  PermissionDenied: define<PermissionDeniedInput>({
    when: 'a tool call was denied (by a rule, the permission mode, a hook or the user)',
    matcherField: 'tool_name',
    matcherValues: 'tool names',
    payload: (i) => ({ ...toolFields(i), reason: i.reason }),
    sample: { ...sampleTool, reason: 'denied by the user' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: ['retry'],
  }),
  PostToolBatch: define<{ tool_calls: BatchCall[] }>({
    when: 'every tool call of one model answer has finished, before the next model request',
    payload: (i) => ({ tool_calls: i.tool_calls.map((c) => ({ tool_name: c.tool_name, tool_use_id: c.tool_use_id, success: c.success })) }),
    sample: { tool_calls: [{ tool_name: 'Bash', tool_use_id: 'toolu_test_0001', success: true }] },
    onBlock: 'feedbackToModel',
    plainStdout: 'ignored',
    accepts: ['additionalContext'],
  }),
  StopFailure: define<StopFailureInput>({
    when: 'a turn ended because of a model or API error',
    matcherField: 'error_type',
    matcherValues: STOP_FAILURE_TYPES,
    payload: (i) => ({ error_type: i.error_type, error_message: i.error_message, ...lastMessage(i.last_assistant_message) }),
    sample: { error_type: 'rate_limit', error_message: '429 Too Many Requests' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
  CwdChanged: define<{ old_cwd: string; new_cwd: string }>({
    when: 'the session’s working directory changed (EnterWorktree, ExitWorktree)',
    payload: (i) => ({ old_cwd: i.old_cwd, new_cwd: i.new_cwd }),
    sample: { old_cwd: '/project', new_cwd: '/project/.wave/worktrees/feature-x' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: ['watchPaths'],
    envFile: true,
  }),
} as const;
