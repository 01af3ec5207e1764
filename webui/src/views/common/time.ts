// How long ago a time was, in the UI's words ("just now", "5 min ago", "3 h ago", "2 d ago").
import { t } from '../../i18n/index.js';

export function formatAgo(iso: string, now = Date.now()): string {
  const s = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(s)) return iso;
  if (s < 45) return t('time.now');
  if (s < 3600) return t('time.min', { n: Math.max(1, Math.round(s / 60)) });
  if (s < 86400) return t('time.hour', { n: Math.round(s / 3600) });
  return t('time.day', { n: Math.round(s / 86400) });
}
