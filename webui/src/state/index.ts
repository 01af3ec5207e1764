// The stores of one page, created once at start and handed to the views through a context.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SidecarClient } from '../connection/client.js';
import { AppStore, type ViewMode } from './appStore.js';
import { ChatStore } from './chatStore.js';
import { ConfigStore } from './configStore.js';
import { GuardStore } from './guardStore.js';
import { HooksStore } from './hooksStore.js';
import { McpStore } from './mcpStore.js';
import { ModelStore } from './modelStore.js';
import { RunsStore } from './runsStore.js';

export interface Stores {
  app: AppStore;
  hooks: HooksStore;
  guard: GuardStore;
  chat: ChatStore;
  config: ConfigStore;
  runs: RunsStore;
  model: ModelStore;
  mcp: McpStore;
}

export function createStores(client: SidecarClient, mode: ViewMode): Stores {
  const app = new AppStore(client, mode);
  const stores: Stores = {
    app,
    hooks: new HooksStore(client, app),
    guard: new GuardStore(client, app),
    chat: new ChatStore(client, app),
    config: new ConfigStore(client),
    runs: new RunsStore(client),
    model: new ModelStore(client),
    mcp: new McpStore(client),
  };
  // (Re)load everything the page shows whenever the connection (re)opens.
  client.onStatus((status) => {
    app.setStatus(status);
    if (status !== 'open') return;
    void app.load().then(() => {
      stores.config.receive(app.hello?.config);
      stores.model.receive(app.hello?.model);
    });
    if (mode !== 'chat') void stores.hooks.load();
    if (mode !== 'chat') void stores.guard.load();
    if (mode !== 'chat') void stores.mcp.load();
    if (mode !== 'settings') void stores.chat.load();
  });
  return stores;
}

export const StoresContext = createContext<Stores | null>(null);

export function useStores(): Stores {
  const s = useContext(StoresContext);
  if (!s) throw new Error('useStores() outside <StoresContext.Provider>');
  return s;
}
