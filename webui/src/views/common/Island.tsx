// A component rendered into a DOM element that Preact does not own (a slot of a row built as plain
// DOM), with the page's stores: what createPortal does, without pulling in preact/compat.
import { render, type ComponentChildren } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { StoresContext, useStores } from '../../state/index.js';

export function Island({ into, children }: { into: Element; children: ComponentChildren }) {
  const stores = useStores();
  useLayoutEffect(() => render(<StoresContext.Provider value={stores}>{children}</StoresContext.Provider>, into));
  useLayoutEffect(() => () => render(null, into), [into]);
  return null;
}
