// What `prompt` hooks ask through (docs/hooks.md, "Handler types"): one request without tools to
// the hook's `model` (when a client for it can be made) or the given client, answered in text.
import type { PromptModel } from '../hooks/handlers/prompt.js';
import type { ModelClient } from '../models/types.js';

export function promptModelOf(model: ModelClient | undefined, modelFor?: (name: string) => ModelClient, unavailable = 'no model is configured'): PromptModel {
  return async (req) => {
    const client = req.model && modelFor ? modelFor(req.model) : model;
    if (!client) throw new Error(unavailable);
    const messages = [{ role: 'user' as const, content: [{ type: 'text' as const, text: req.prompt }] }];
    return (await client.send({ system: req.system, messages, tools: [], maxTokens: 1024, signal: req.signal })).text;
  };
}
