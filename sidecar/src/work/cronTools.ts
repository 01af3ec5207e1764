// The cron tools (README, "The agent on the command line"), shaped like Claude Code's: CronCreate (`schedule` in cron syntax,
// `prompt`, `recurring`), CronList and CronDelete (`id`). Jobs live in the session's CronScheduler.
import * as z from 'zod';
import { failure, type AnyTool, type Tool } from '../agent/tools/types.js';
import type { CronJob, CronScheduler } from './crons.js';
import { messageOf } from '../util/errors.js';

/** The names of this module's tools (the catalogue of every tool name is app/tools.ts). */
export const CRON_TOOL_NAMES = ['CronCreate', 'CronList', 'CronDelete'] as const;

const createSchema = z.object({
  schedule: z.string().describe('Cron expression in local time: 5 fields "minute hour day-of-month month day-of-week", or 6 with seconds first'),
  prompt: z.string().describe('The prompt to send as a user message each time the job is due'),
  recurring: z.boolean().optional().describe('Keep running on the schedule (default true); false fires once at the next match'),
});
const listSchema = z.object({});
const deleteSchema = z.object({ id: z.string().describe('The ID of the job to delete (e.g. cron_1)') });

export type CronCreateToolInput = z.infer<typeof createSchema>;
export type CronDeleteToolInput = z.infer<typeof deleteSchema>;

function when(d: Date | null): string {
  return d ? d.toISOString() : 'never';
}

function jobResponse(j: CronJob): Record<string, unknown> {
  return { id: j.id, schedule: j.schedule, prompt: j.prompt, recurring: j.recurring, nextRun: j.nextRun?.toISOString() ?? null };
}

function oneLine(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max)}…`;
}

function createTool(s: CronScheduler): Tool<CronCreateToolInput> {
  return {
    name: 'CronCreate' satisfies (typeof CRON_TOOL_NAMES)[number],
    description:
      'Schedules a prompt to be sent to you as a user message on a cron schedule (local time), for this session only. ' +
      '5 fields "minute hour day-of-month month day-of-week" (e.g. "*/10 * * * *", "0 9 * * 1-5") or 6 with seconds first. ' +
      'recurring (default true) keeps the job until CronDelete; recurring false fires once at the next match. ' +
      'A due prompt is sent when you are idle.',
    schema: createSchema,
    access: 'other',
    ruleContent: (i) => i.schedule,
    async run(input) {
      let job: CronJob;
      try {
        job = s.create({ schedule: input.schedule, prompt: input.prompt, recurring: input.recurring ?? true });
      } catch (err) {
        return failure(messageOf(err), { schedule: input.schedule });
      }
      const kind = job.recurring ? 'recurring' : 'one-shot';
      const result = `Scheduled ${job.id} (${kind}, "${job.schedule}"): next run at ${when(job.nextRun)}.`;
      return { success: true, result, response: { ...jobResponse(job), success: true } };
    },
  };
}

function listTool(s: CronScheduler): Tool<z.infer<typeof listSchema>> {
  return {
    name: 'CronList' satisfies (typeof CRON_TOOL_NAMES)[number],
    description: "Lists this session's scheduled cron jobs with their next run time.",
    schema: listSchema,
    access: 'other',
    async run() {
      const jobs = s.list();
      const result = jobs.length
        ? jobs
            .map((j) => `${j.id}  ${j.recurring ? 'recurring' : 'one-shot '}  "${j.schedule}"  next: ${when(j.nextRun)}  prompt: ${oneLine(j.prompt)}`)
            .join('\n')
        : 'No scheduled cron jobs.';
      return { success: true, result, response: { jobs: jobs.map(jobResponse), success: true } };
    },
  };
}

function deleteTool(s: CronScheduler): Tool<CronDeleteToolInput> {
  return {
    name: 'CronDelete' satisfies (typeof CRON_TOOL_NAMES)[number],
    description: 'Deletes a scheduled cron job by its ID.',
    schema: deleteSchema,
    access: 'other',
    ruleContent: (i) => i.id,
    async run(input) {
      if (!s.delete(input.id)) {
        const known = s.list().map((j) => j.id);
        return failure(`No cron job with ID "${input.id}".${known.length ? ` Scheduled jobs: ${known.join(', ')}.` : ' There are no scheduled jobs.'}`, {
          id: input.id,
        });
      }
      const result = `Deleted cron job ${input.id}.`;
      return { success: true, result, response: { id: input.id, deleted: true, success: true } };
    },
  };
}

export function createCronTools(s: CronScheduler): AnyTool[] {
  return [createTool(s), listTool(s), deleteTool(s)];
}
