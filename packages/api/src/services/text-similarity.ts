/** The words of a text, HTML tags and entities left out, lower-cased in any script. */
export function words(html: string): string[] {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z0-9#]+;/gi, ' ')
    .toLocaleLowerCase('und')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function bigrams(list: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  const items = list.length === 1 ? list : list.slice(1).map((w, i) => `${list[i]} ${w}`);
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/**
 * How much of one text the other kept, 0–1: the Dice coefficient of their word pairs, so reworded,
 * reordered, added or dropped passages all lower it, and a text is 1 against itself.
 */
export function similarity(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (wa.length === 0 && wb.length === 0) return 1;
  if (wa.length === 0 || wb.length === 0) return 0;
  const ba = bigrams(wa);
  const bb = bigrams(wb);
  let shared = 0;
  for (const [pair, n] of ba) shared += Math.min(n, bb.get(pair) ?? 0);
  const total = [...ba.values(), ...bb.values()].reduce((s, n) => s + n, 0);
  return (2 * shared) / total;
}
