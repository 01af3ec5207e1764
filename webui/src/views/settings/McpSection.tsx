// The MCP servers section (docs/mcp.md, "In the IDE"): each server with its source, state (the
// reason and stderr tail of a failure), its tools, and Approve (a project server waiting for it),
// Restart and Open file. Invalid files and entries are listed with their positions.
import type { McpServerView } from '../../host/protocol.js';
import { t, type Key, tn } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';

function stateText(s: McpServerView['status']): string {
  if (s.state === 'failed') {
    const retry = s.retryInMs !== undefined ? ` ${t('mcp.state.retry', { seconds: Math.round(s.retryInMs / 1000) })}` : '';
    return `${t('mcp.state.failed', { reason: s.reason })}${retry}`;
  }
  return t(`mcp.state.${s.state}` as Key);
}

const statusClass = (s: McpServerView['status']) =>
  s.state === 'connected' ? 'status-ok' : s.state === 'failed' ? 'status-error' : s.state === 'connecting' ? 'status-checking' : 'status-idle';

function Server({ server }: { server: McpServerView }) {
  const { mcp, app } = useStores();
  const s = server.status;
  const busy = mcp.busy !== null;
  return (
    <li class="mcp-server" data-name={server.name} data-state={s.state}>
      <div class="mcp-server-head">
        <strong class="mcp-name">{server.name}</strong>
        <span class="badge mcp-source">{t(`mcp.source.${server.source}` as Key)}</span>
        <span class="muted mcp-target" title={server.target}>
          {server.transport}: {server.target}
        </span>
      </div>
      <p class={`mcp-status ${statusClass(s)}`} role="status">
        <span class="status-dot" aria-hidden="true" />
        {stateText(s)}
      </p>
      {s.state === 'failed' && s.stderr && (
        <details class="mcp-stderr">
          <summary>{t('mcp.stderr')}</summary>
          <pre>{s.stderr}</pre>
        </details>
      )}
      {server.tools.length > 0 && (
        <details class="mcp-tools">
          <summary>{tn('mcp.tools', server.tools.length)}</summary>
          <ul>
            {server.tools.map((tool) => (
              <li>
                <code>{tool}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
      <div class="mcp-actions">
        {s.state === 'needs-approval' && (
          <button type="button" class="button small primary mcp-approve" disabled={busy} onClick={() => void mcp.approve(server.name)}>
            {t('mcp.approve')}
          </button>
        )}
        {s.state !== 'needs-approval' && s.state !== 'untrusted' && (
          <button type="button" class="button small mcp-restart" disabled={busy} onClick={() => void mcp.restart(server.name)}>
            {t('mcp.restart')}
          </button>
        )}
        {server.file.startsWith('<') ? null : (
          <button type="button" class="button small mcp-open" disabled={busy} title={app.shown(server.file)} onClick={() => void mcp.openFile(server.name)}>
            {t('mcp.openFile')}
          </button>
        )}
      </div>
    </li>
  );
}

export function McpSection() {
  const { mcp, app } = useStores();
  const l = mcp.listing;
  return (
    <div class="mcp-section section">
      <header class="section-head">
        <h2>{t('mcp.title')}</h2>
        <p class="muted">{t('mcp.intro')}</p>
      </header>
      {mcp.error && (
        <div class="banner banner-error" role="alert">
          {mcp.error}
        </div>
      )}
      {l && l.problems.length > 0 && (
        <ul class="banner banner-error mcp-problems" role="alert">
          {l.problems.map((p) => (
            <li>
              {app.shown(p.file)}:{p.line ?? 1}: {p.path ? `${p.path}: ` : ''}
              {p.message}
            </li>
          ))}
        </ul>
      )}
      {!l || !l.ready ? (
        <p class="muted loading">{t('mcp.starting')}</p>
      ) : l.servers.length === 0 ? (
        <p class="muted mcp-none">{t('mcp.none')}</p>
      ) : (
        <ul class="mcp-servers">
          {l.servers.map((s) => (
            <Server server={s} />
          ))}
        </ul>
      )}
    </div>
  );
}
