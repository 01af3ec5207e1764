// What every section model of the Hooks tab is made with: the connection, the app (its mode, the
// page shown), and the three parts the sections share — the listing they read and hand back the
// listing a verb got, the notice they report to, the row menu their row verbs close.
import type { SidecarClient } from '../../connection/client.js';
import type { AppStore } from '../appStore.js';
import type { HookListing } from './listing.js';
import type { HookNotice } from './notice.js';
import type { HookRowMenu } from './rowMenu.js';

export interface HookSection {
  readonly client: SidecarClient;
  readonly app: AppStore;
  readonly list: HookListing;
  readonly notice: HookNotice;
  readonly menu: HookRowMenu;
}
