// One hook run item of the timeline: a card, a folded line of runs that changed nothing, or the live
// card of a hook still running.
import type { RunItem } from '../../state/timeline.js';
import { HookRunCard } from './HookRunCard.js';
import { LiveRunCard } from './LiveRunCard.js';
import { RunFold } from './RunFold.js';

export function RunItemView({ item }: { item: RunItem }) {
  if (item.kind === 'fold') return <RunFold event={item.event} runs={item.runs} />;
  if (item.kind === 'live') return <LiveRunCard run={item.run} />;
  return <HookRunCard run={item.run} />;
}

const keyOf = (item: RunItem) => (item.kind === 'fold' ? `fold-${item.runs[0]!.id}` : item.run.id);

export function RunItems({ items }: { items: readonly RunItem[] }) {
  return (
    <>
      {items.map((item) => (
        <RunItemView key={keyOf(item)} item={item} />
      ))}
    </>
  );
}
