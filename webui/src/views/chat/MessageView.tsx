// One message of the timeline, item by item (state/timeline.ts): text (the user's, the assistant's,
// or context a hook added), tool calls with their hook runs around them, user-only notices, hook
// runs of no tool call (cards, or folded when they changed nothing) and compaction markers.
import type { CompactBlock, Message } from '../../host/protocol.js';
import { t } from '../../i18n/index.js';
import type { MessageLayout, TimelineItem } from '../../state/timeline.js';
import { Icon } from '../common/icons.js';
import { RichText } from './RichText.js';
import { RunItemView } from './RunItems.js';
import { ToolCard } from './ToolCard.js';

function BlockView({ block: b, role }: { block: Extract<TimelineItem, { kind: 'block' }>['block']; role: Message['role'] }) {
  switch (b.type) {
    case 'text':
      if (b.source === 'hook') {
        // The UI's own words around what the hook said (the model gets Claude Code's framing).
        const frame = b.hookFrame;
        return (
          <div class="hook-text" data-frame={frame?.kind}>
            <div class="hook-text-label">
              <Icon name="bolt" />
              {frame ? t(`chat.hookFrame.${frame.kind}`, { label: frame.label }) : t('chat.hookContext', { event: b.hookEvent ?? '' })}
            </div>
            <RichText text={frame ? frame.body : b.content} />
          </div>
        );
      }
      return (
        <div class={role === 'user' ? 'user-text' : 'assistant-text'}>
          <RichText text={b.content} />
        </div>
      );
    case 'error':
      return (
        <div class="error-block" role="note">
          <Icon name="warn" />
          <div>
            <RichText text={b.content} />
            <div class="user-only">{t('chat.userOnly')}</div>
          </div>
        </div>
      );
    case 'compact':
      return (
        <details class="compact-marker">
          <summary>{compactLabel(b)}</summary>
          <RichText text={b.summary} />
        </details>
      );
  }
}

/** "Conversation compacted (manual): 12,400 → 800 tokens" (older transcripts have no figures). */
function compactLabel(b: CompactBlock): string {
  const trigger = t(b.trigger === 'manual' ? 'chat.compact.manual' : 'chat.compact.auto');
  if (b.tokensBefore === undefined || b.tokensAfter === undefined) return t('chat.compact', { trigger });
  return t('chat.compactTokens', { trigger, before: b.tokensBefore.toLocaleString(), after: b.tokensAfter.toLocaleString() });
}

function keyOf(item: TimelineItem, i: number): string | number {
  if (item.kind === 'tool') return item.block.id;
  if (item.kind === 'run' || item.kind === 'live') return item.run.id;
  if (item.kind === 'fold') return `fold-${item.runs[0]!.id}`;
  return i;
}

function ItemView({ item, role }: { item: TimelineItem; role: Message['role'] }) {
  if (item.kind === 'block') return <BlockView block={item.block} role={role} />;
  if (item.kind === 'tool') return <ToolCard item={item} />;
  return <RunItemView item={item} />;
}

export function MessageView({ layout }: { layout: MessageLayout }) {
  const m = layout.message;
  if (!layout.items.length) return null;
  const typed = m.role === 'user' && !m.isMeta && m.blocks.some((b) => b.type === 'text' && b.source !== 'hook');
  return (
    <article class={`message ${m.role}${m.isMeta ? ' meta' : ''}`} data-message-id={m.id} data-role={m.role}>
      {typed && <div class="message-author">{t('chat.you')}</div>}
      {layout.items.map((item, i) => (
        <ItemView key={keyOf(item, i)} item={item} role={m.role} />
      ))}
    </article>
  );
}
