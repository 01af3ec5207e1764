// A `prompt` hook (docs/hooks.md, "Handler types"): one model request with no tools, the handler's
// prompt with `$ARGUMENTS` replaced by the event JSON. The answer must be `{"ok": true}` or
// `{"ok": false, "reason": "..."}`: ok false acts like exit 2 with the reason as stderr; an answer
// that is not such an object, a failed request or the timeout is a non-blocking error. The engine
// knows no model: the agent hands it a `PromptModel`.
import * as z from 'zod';
import { common, commonFields, defined, summarize, type HandlerCommon } from './common.js';
import { handlerResult } from './handlerResult.js';
import { handlerType, runSignal, type HandlerRun } from './handlerType.js';
import type { ProcessResult } from './processSpec.js';
import { messageOf } from '../../util/errors.js';

export type { PromptModel } from './handlerType.js';

export interface PromptHandler extends HandlerCommon {
  type: 'prompt';
  prompt: string;
  model?: string;
}

export const PromptHandlerSchema = z
  .object({
    type: z.literal('prompt'),
    prompt: z
      .string({ error: 'prompt must be a string' })
      .regex(/\S/, 'prompt must not be empty')
      .describe('Sent to the model ($ARGUMENTS is replaced by the event JSON); the answer must be {"ok": true} or {"ok": false, "reason": "..."}.'),
    model: z.string().optional().describe('The model to ask (default: the session’s model).'),
    ...commonFields,
  })
  .passthrough()
  .meta({ id: 'PromptHook', description: 'A question to the model.' });

export const PROMPT_HOOK_SYSTEM = [
  'You are a hook of an AI coding agent: you check one event of its session and answer with one JSON object and nothing else.',
  'Answer {"ok": true} when the event may proceed, or {"ok": false, "reason": "<why, addressed to the agent>"} when it must not.',
].join('\n');

/** The `{ok, reason}` object of an answer (bare, or in a ```json fence), or why there is none. */
export function readVerdict(text: string): { ok: boolean; reason: string } | { error: string; answer: string } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = (fenced ? fenced[1]! : text).trim();
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  let value: unknown;
  try {
    value = start >= 0 && end > start ? JSON.parse(body.slice(start, end + 1)) : undefined;
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || typeof (value as { ok?: unknown }).ok !== 'boolean') {
    const shown = text.trim().slice(0, 200) || '(empty)';
    return { error: `the model's answer is not {"ok": true} or {"ok": false, "reason": "..."}: ${shown}`, answer: shown };
  }
  const v = value as { ok: boolean; reason?: unknown };
  return { ok: v.ok, reason: typeof v.reason === 'string' ? v.reason : '' };
}

async function runPromptHook(run: HandlerRun<PromptHandler>): Promise<ProcessResult> {
  await run.ready;
  const startedAt = Date.now();
  const t0 = performance.now();
  if (!run.runtime.promptModel)
    return handlerResult(startedAt, t0, { failure: 'no model is configured, so this prompt hook cannot ask one', cause: { cause: 'noModel' } });
  const prompt = run.handler.prompt.includes('$ARGUMENTS')
    ? run.handler.prompt.replaceAll('$ARGUMENTS', run.payload)
    : `${run.handler.prompt}\n\n${run.payload}`;
  const { timeout, signal } = runSignal(run.timeoutMs, run.signal);
  let text: string;
  try {
    text = await run.runtime.promptModel({ system: PROMPT_HOOK_SYSTEM, prompt, signal, ...(run.handler.model ? { model: run.handler.model } : {}) });
  } catch (err) {
    if (timeout.aborted) return handlerResult(startedAt, t0, { timedOut: true });
    if (run.signal?.aborted) return handlerResult(startedAt, t0, { failure: 'the hook was stopped', cause: { cause: 'stopped' } });
    const detail = messageOf(err);
    return handlerResult(startedAt, t0, { failure: `the model request failed: ${detail}`, cause: { cause: 'modelFailed', detail } });
  }
  const verdict = readVerdict(text);
  if ('error' in verdict)
    return handlerResult(startedAt, t0, {
      failure: verdict.error,
      cause: { cause: 'badVerdict', answer: verdict.answer },
      stdout: text.trim().slice(0, 64 * 1024),
    });
  if (verdict.ok) return handlerResult(startedAt, t0, { exitCode: 0, stdout: '' });
  return handlerResult(startedAt, t0, { exitCode: 2, stderr: verdict.reason || 'the prompt hook answered ok: false' });
}

export const PROMPT = handlerType({
  type: 'prompt',
  schema: PromptHandlerSchema,
  read: (d): PromptHandler => ({ type: 'prompt', prompt: d.prompt, ...defined({ model: d.model }), ...common(d) }),
  summary: (h) => `prompt: ${summarize(h.prompt, 200)}`,
  identity: (h) => [h.prompt],
  run: runPromptHook,
});
