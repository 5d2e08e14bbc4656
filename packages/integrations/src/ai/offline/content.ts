import type { LanguagePack } from './packs/index';
import { choose, type Slot } from './slot';
import { escapeHtml, fitLength, render } from './text';

/**
 * An HTML article body: intro, one section per keyword (up to six) under an h2, a checklist and a
 * conclusion. No h1: WordPress prints the title itself.
 */
function blocks(slot: Slot, pack: LanguagePack, extra: number): string[] {
  const n = slot.ctx.keywords.length;
  const sections = Math.min(Math.max(3, n), 6) + extra;
  const perSection = sections <= 4 ? 2 : 1;
  const out = [`<p>${choose(pack.intros, slot, 'html', { salt: '#intro' })}</p>`];
  for (let j = 0; j < sections; j++) {
    const heading = choose(pack.headings, slot, 'html', { salt: '#h', shift: j, turn: j });
    const paragraphs = Array.from({ length: perSection }, (_, m) => {
      const text = choose(pack.paragraphs, slot, 'html', { salt: '#p', shift: j, turn: j * perSection + m });
      return `<p>${text}</p>`;
    });
    out.push(`<h2>${heading}</h2>\n${paragraphs.join('\n')}`);
  }
  const values = { k: slot.ctx.keywords[slot.index % n]!, n: 5 };
  const items = pack.checklist
    .map((item) => render(item, values, slot.ctx.language, 'html'))
    .filter((item): item is string => item !== undefined)
    .map((item) => `<li>${item}</li>`);
  out.push(`<h2>${escapeHtml(pack.checklistHeading)}</h2>\n<ul>\n${items.join('\n')}\n</ul>`);
  out.push(`<p>${choose(pack.conclusions, slot, 'html', { salt: '#end' })}</p>`);
  return out;
}

export function article(slot: Slot, minLength = 0, maxLength = Infinity): string {
  const pack = slot.ctx.pack;
  let parts = blocks(slot, pack, 0);
  for (let extra = 1; parts.join('\n').length < minLength && extra <= 40; extra++) {
    parts = blocks(slot, pack, extra);
  }
  let html = '';
  for (const part of parts) {
    const next = html ? `${html}\n${part}` : part;
    if (next.length > maxLength) break;
    html = next;
  }
  if (html) return html;
  // Not even the intro fits: one shortened paragraph.
  const intro = parts[0]!.replace(/<\/?p>/g, '');
  return `<p>${fitLength(intro, Math.max(1, maxLength - 7))}</p>`;
}
