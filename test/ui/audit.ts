// Checks the browser tests run inside a page (docs/architecture.md, "webui"): no clipped label in a
// narrow window, and WCAG AA text contrast. Both walk every visible element that holds text and
// report what fails with a short selector and the text, so a failure names its element.
import type { Page } from 'playwright-core';

/**
 * Elements whose text does not fit: clipped (wider than its box) without a title giving it whole,
 * out of the window (not inside something that scrolls), or a label (button, tab, chip, badge,
 * heading of the bar) broken over several lines.
 */
export function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${Array.from(el.classList, (c) => `.${c}`).join('')}`;
    const scrolls = (el: Element | null): boolean => {
      for (let e = el?.parentElement ?? null; e; e = e.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) return true;
      return false;
    };
    const LABEL = 'button, [role=tab], [role=menuitem], .chip, .badge, .run-badge, .count, .topbar-title, .brand-name, .event, label > span';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.closest('.visually-hidden, option, select, svg')) continue;
      const texts = Array.from(el.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!texts.length) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const text = texts.map((n) => n.textContent!.trim()).join(' ');
      const cs = getComputedStyle(el);
      const inScroller = ['auto', 'scroll'].includes(cs.overflowX) || scrolls(el);
      if (el.scrollWidth > el.clientWidth + 1 && !['auto', 'scroll'].includes(cs.overflowX)) {
        const title = el.closest('[title]')?.getAttribute('title') ?? '';
        if (!title.includes(text.slice(0, 24))) out.push(`clipped without a title: ${name(el)} "${text.slice(0, 60)}"`);
      }
      if (!inScroller && (rect.right > vw + 1 || rect.left < -1)) out.push(`outside the window (${Math.round(rect.left)}–${Math.round(rect.right)} of ${vw}): ${name(el)} "${text.slice(0, 60)}"`);
      if (el.matches(LABEL)) {
        for (const n of texts) {
          const range = document.createRange();
          range.selectNodeContents(n);
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`a label on ${lines.size} lines: ${name(el)} "${text.slice(0, 60)}"`);
        }
      }
    }
    return out;
  });
}

/** Visible text whose contrast with what is behind it is below `min` (opacity and translucent colours included). */
export function contrastProblems(page: Page, min = 4.5): Promise<string[]> {
  return page.evaluate((min) => {
    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA => {
      const n = (c.match(/[\d.]+/g) ?? []).map(Number);
      if (c.startsWith('color(')) return [n[0]! * 255, n[1]! * 255, n[2]! * 255, n[3] ?? 1];
      return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 1];
    };
    const over = (top: RGBA, under: RGBA): RGBA => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
    };
    const lum = (c: RGBA) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: RGBA, b: RGBA) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${Array.from(el.classList, (c) => `.${c}`).join('')}`;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.closest('.visually-hidden, option, svg, [aria-hidden=true]') || el.closest(':disabled')) continue;
      const text = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent!.trim())
        .join(' ')
        .trim();
      if (!text) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // What is behind the text: the backgrounds of the element and its ancestors, down to an opaque one.
      const layers: RGBA[] = [];
      let opacity = 1;
      let image = false;
      for (let e: HTMLElement | null = el; e; e = e.parentElement) {
        const cs = getComputedStyle(e);
        opacity *= Number(cs.opacity);
        if (cs.backgroundImage !== 'none') image = true;
        const bg = parse(cs.backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      if (image) continue;
      let bg: RGBA = [255, 255, 255, 1];
      for (const layer of layers.reverse()) bg = over(layer, bg);
      const fg = parse(getComputedStyle(el).color);
      const seen = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
      const r = ratio(seen, bg);
      if (r < min) out.push(`${r.toFixed(2)}:1 ${name(el)} "${text.slice(0, 50)}"`);
    }
    return [...new Set(out)];
  }, min);
}
