import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src', import.meta.url).pathname;
/** Tailwind's own palette (text-red-600, bg-slate-50 …): the app takes its colours from the design tokens. */
const RAW_PALETTE =
  /\b(?:text|bg|border|fill|stroke|ring|outline|divide|from|to|via)-(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3}\b/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(tsx?|css)$/.test(name) ? [path] : [];
  });
}

describe('the web app', () => {
  it('uses the design tokens of @blogfleet/ui for colours, never raw palette classes', () => {
    const found = files(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(RAW_PALETTE)].map(
        (m) => `${file.slice(SRC.length + 1)}: ${m[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
