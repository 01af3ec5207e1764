// The samples of `wave hooks test` stay true to the tools: every tool of the catalogue has one, and
// the file tools' samples have the input their schema accepts and the response keys they return.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { CORE_TOOLS } from '../../src/agent/tools/registry.js';
import { toolSample, toolsWithoutSample } from '../../src/app/toolSamples.js';

describe('tool samples', () => {
  it('every tool of the catalogue has a sample', ({ expect }) => {
    expect(toolsWithoutSample()).toEqual([]);
  });

  it('the subagent tool has its sample under its Claude Code name too (`--tool Task`)', ({ expect }) => {
    expect(toolSample('Task', '/p')).toEqual(toolSample('Agent', '/p'));
    expect(toolSample('Agent', '/p').tool_input).toHaveProperty('subagent_type');
  });

  it('the file tools accept their sample input and return the sample response keys', async ({ expect }) => {
    for (const tool of CORE_TOOLS) {
      const project = mkdtempSync(join(tmpdir(), 'wave-sample-'));
      mkdirSync(join(project, 'src'));
      writeFileSync(join(project, 'src/index.ts'), 'export const answer = 42;\n');
      const sample = toolSample(tool.name, project);
      const input = tool.schema.parse(sample.tool_input);
      const outcome = await tool.run(input, { cwd: project, env: {} });
      expect(outcome.success, `${tool.name}: ${outcome.error}`).toBe(true);
      expect(Object.keys(outcome.response).sort(), tool.name).toEqual(Object.keys(sample.tool_response).sort());
    }
  });
});
