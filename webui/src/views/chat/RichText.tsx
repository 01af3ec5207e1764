// Just enough Markdown for chat text: fenced code blocks and `inline code`; everything else is
// shown as written (line breaks kept). Never injects HTML.
import type { ComponentChildren } from 'preact';

function inline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  const parts = text.split(/(`[^`\n]+`)/);
  for (const p of parts) {
    if (p.length > 2 && p.startsWith('`') && p.endsWith('`')) out.push(<code>{p.slice(1, -1)}</code>);
    else if (p) out.push(p);
  }
  return out;
}

export function RichText({ text }: { text: string }) {
  const pieces = text.split(/```[^\n]*\n?/);
  return (
    <div class="rich-text">
      {pieces.map((p, i) =>
        i % 2 === 1 ? (
          <pre class="code-block">
            <code>{p.replace(/\n$/, '')}</code>
          </pre>
        ) : p.trim() ? (
          <p>{inline(p.replace(/^\n+|\n+$/g, ''))}</p>
        ) : null,
      )}
    </div>
  );
}
