// A few 16px line icons (inline SVG, currentColor), so no icon font or image is loaded.
const PATHS = {
  plus: 'M8 3v10M3 8h10',
  edit: 'M3 13h3l7-7-3-3-7 7v3zM9 4l3 3',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5',
  lock: 'M4.5 7.5h7v5.5h-7zM6 7.5V5.5a2 2 0 0 1 4 0v2',
  hook: 'M9.5 2.5a1.5 1.5 0 1 1 0 .01M9.5 4v5.5a3.25 3.25 0 0 1-6.5 0V8l2 2',
  chat: 'M2.5 3.5h11v7h-6l-3 2.5v-2.5h-2z',
  tool: 'M9.5 2.5a3 3 0 0 0-2.8 4L2.5 10.7 5.3 13.5l4.2-4.2a3 3 0 0 0 4-2.8l-1.8 1.8-2-.5-.5-2z',
  check: 'M3 8.5l3 3 7-7',
  cross: 'M4 4l8 8M12 4l-8 8',
  bolt: 'M9 2L4 9h4l-1 5 5-7H8z',
  warn: 'M8 2.5l6 11H2zM8 6.5v3.5M8 11.5v.5',
  shield: 'M8 2l5 2v4c0 3-2.2 5-5 6-2.8-1-5-3-5-6V4z',
  stop: 'M4.5 4.5h7v7h-7z',
  send: 'M2.5 8l11-5-4 11-2-4.5z',
  list: 'M5.5 4h8M5.5 8h8M5.5 12h8M2.5 4h.5M2.5 8h.5M2.5 12h.5',
  chip: 'M4.5 4.5h7v7h-7zM6.5 2v2.5M9.5 2v2.5M6.5 11.5V14M9.5 11.5V14M2 6.5h2.5M2 9.5h2.5M11.5 6.5H14M11.5 9.5H14',
} as const;

export type IconName = keyof typeof PATHS;

/** The icon as a plain element (no component instance: cheap in long lists). */
export function icon(name: IconName, cls?: string) {
  return (
    <svg class={`icon ${cls ?? ''}`} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}

export function Icon({ name, class: cls }: { name: IconName; class?: string }) {
  return icon(name, cls);
}
