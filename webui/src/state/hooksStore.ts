// The Hooks settings tab, made of one model per section (state/hooks/): the listing pushed by the
// sidecar with the tab on screen and each hook's figures, the notice above the list, the row menu,
// Test, delete with its Undo, the row verbs that touch a file (parallel, approve, open), new / edit
// through the AI, and the import of Claude Code hooks. The views take the section they show.
import type { SidecarClient } from '../connection/client.js';
import type { AppStore } from './appStore.js';
import { HookAuthoring } from './hooks/authoring.js';
import { HookImport } from './hooks/claudeImport.js';
import { HookDeletes } from './hooks/deletes.js';
import { HookFileEdits } from './hooks/fileEdits.js';
import { HookListing } from './hooks/listing.js';
import { HookNotice } from './hooks/notice.js';
import { HookRowMenu } from './hooks/rowMenu.js';
import type { HookSection } from './hooks/section.js';
import { HookTests } from './hooks/tests.js';

export { claudeHookLine, claudeSettingLine, notImportedLines, type Notice } from './importWords.js';
export { HOOK_TABS, HOOKS_DATA_MARK, HOOKS_PAINT_MEASURE, HOOKS_RENDER_MEASURE, tabOf, type HookTab } from './hooks/listing.js';
export type { PendingDelete } from './hooks/deletes.js';
export type { TestState } from './hooks/tests.js';

export class HooksStore {
  readonly list: HookListing;
  readonly notice = new HookNotice();
  readonly menu = new HookRowMenu();
  readonly tests: HookTests;
  readonly deletes: HookDeletes;
  readonly edits: HookFileEdits;
  readonly authoring: HookAuthoring;
  readonly imports: HookImport;

  constructor(client: SidecarClient, app: AppStore) {
    this.list = new HookListing(client, app);
    const section: HookSection = { client, app, list: this.list, notice: this.notice, menu: this.menu };
    this.tests = new HookTests(section);
    this.deletes = new HookDeletes(section);
    this.edits = new HookFileEdits(section);
    this.authoring = new HookAuthoring(section);
    this.imports = new HookImport(section);
  }

  load(): Promise<void> {
    return this.list.load();
  }

  /** Stops following the sidecar's pushes. */
  dispose(): void {
    this.list.dispose();
  }
}
