// An MCP server asks you for input (docs/mcp.md, "Elicitation"), after no Elicitation hook answered:
// its message and a form made from the requested schema (text, number, yes/no, a choice), then
// Submit (accept with the values), Decline or Cancel. A `url` request shows the link to open.
import { useState } from 'preact/hooks';
import type { McpElicitation } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { Icon } from '../common/icons.js';

interface Field {
  name: string;
  type: string;
  title: string;
  choices: string[] | null;
  required: boolean;
}

function fieldsOf(schema: Record<string, unknown> | undefined): Field[] {
  const props = (schema?.properties ?? {}) as Record<string, { type?: string; title?: string; description?: string; enum?: unknown[] }>;
  const required = Array.isArray(schema?.required) ? (schema.required as string[]) : [];
  return Object.entries(props).map(([name, p]) => ({
    name,
    type: p.type ?? 'string',
    title: p.title ?? p.description ?? name,
    choices: Array.isArray(p.enum) ? p.enum.map(String) : null,
    required: required.includes(name),
  }));
}

/** The form's values in the schema's types. */
function contentOf(fields: Field[], values: Record<string, string | boolean>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === '') continue;
    out[f.name] = f.type === 'number' || f.type === 'integer' ? Number(v) : v;
  }
  return out;
}

function Input({ f, value, set }: { f: Field; value: string | boolean | undefined; set: (v: string | boolean) => void }) {
  if (f.type === 'boolean') return <input type="checkbox" name={f.name} checked={value === true} onChange={(e) => set(e.currentTarget.checked)} />;
  if (f.choices)
    return (
      <select name={f.name} required={f.required} value={String(value ?? '')} onChange={(e) => set(e.currentTarget.value)}>
        <option value="" />
        {f.choices.map((c) => (
          <option value={c}>{c}</option>
        ))}
      </select>
    );
  const type = f.type === 'number' || f.type === 'integer' ? 'number' : 'text';
  return <input type={type} name={f.name} required={f.required} value={String(value ?? '')} onInput={(e) => set(e.currentTarget.value)} />;
}

export function ElicitationCard({ request: r }: { request: McpElicitation }) {
  const { chat } = useStores();
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [answering, setAnswering] = useState(false);
  const fields = fieldsOf(r.requestedSchema);
  const answer = (action: 'accept' | 'decline' | 'cancel') => {
    setAnswering(true);
    void chat.answerElicitation(r.requestId, action, action === 'accept' ? contentOf(fields, values) : undefined).finally(() => setAnswering(false));
  };
  const onSubmit = (e: Event) => {
    e.preventDefault();
    answer('accept');
  };
  return (
    <form
      class="permission-card elicitation-card"
      role="alertdialog"
      aria-label={t('elicit.title', { server: r.server })}
      data-request-id={r.requestId}
      onSubmit={onSubmit}
    >
      <header>
        <Icon name="tool" />
        <strong>{t('elicit.title', { server: r.server })}</strong>
      </header>
      <p class="elicit-message">{r.message}</p>
      {r.mode === 'url' && r.url && (
        <p>
          <a href={r.url} target="_blank" rel="noreferrer noopener">
            {r.url}
          </a>
        </p>
      )}
      {fields.map((f) => (
        <label class="elicit-field">
          <span>{f.title}</span>
          <Input f={f} value={values[f.name]} set={(v) => setValues({ ...values, [f.name]: v })} />
        </label>
      ))}
      <div class="perm-actions">
        <button type="button" class="button" disabled={answering} onClick={() => answer('cancel')}>
          {t('elicit.cancel')}
        </button>
        <button type="button" class="button" disabled={answering} onClick={() => answer('decline')}>
          {t('elicit.decline')}
        </button>
        <button type="submit" class="button primary" disabled={answering}>
          {t('elicit.submit')}
        </button>
      </div>
    </form>
  );
}
