// The tools the agent offers, by name, and their definitions for the model (JSON Schema from zod).
import * as z from 'zod';
import type { ModelToolDef } from '../../models/types.js';
import { EditTool } from './edit.js';
import { GlobTool } from './glob.js';
import { GrepTool } from './grep.js';
import { ReadTool } from './read.js';
import type { AnyTool } from './types.js';
import { WriteTool } from './write.js';

export type { AnyTool } from './types.js';

/** The file tools; Bash and the other session-bound tools come with the session's work. */
export const CORE_TOOLS: readonly AnyTool[] = [ReadTool, WriteTool, EditTool, GlobTool, GrepTool];

const DEFINITIONS = new WeakMap<AnyTool, ModelToolDef>();

export class ToolRegistry {
  private readonly byName = new Map<string, AnyTool>();
  constructor(tools: readonly AnyTool[] = CORE_TOOLS) {
    for (const t of tools) this.byName.set(t.name, t);
  }
  add(tool: AnyTool): void {
    this.byName.set(tool.name, tool);
  }
  /** Takes a tool away (an MCP server's tool once the server is gone). */
  remove(name: string): void {
    this.byName.delete(name);
  }
  get(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }
  list(): AnyTool[] {
    return [...this.byName.values()];
  }
  /** The tools as the model sees them; each tool's JSON Schema is made once. */
  definitions(): ModelToolDef[] {
    return this.list().map((t) => {
      let def = DEFINITIONS.get(t);
      if (!def) {
        const { $schema: _drop, ...inputSchema } = t.inputJsonSchema ?? (z.toJSONSchema(t.schema as z.ZodType, { io: 'input' }) as Record<string, unknown>);
        def = { name: t.name, description: t.description, inputSchema };
        DEFINITIONS.set(t, def);
      }
      return def;
    });
  }
}
