import type { OfflineContext } from './context';
import { pickIndex } from './hash';
import { render, type TemplateValues, type TextMode } from './text';

/** Where in the output a value goes: it decides the focus keyword and which template is used. */
export interface Slot {
  ctx: OfflineContext;
  /** Field path, e.g. `ideas.2.title`. */
  path: string;
  /** The property name that names the value (for array items: the array's name). */
  name?: string;
  /** Position among siblings (0 outside arrays); neighbours get different keywords and templates. */
  index: number;
  /** Whether the value sits inside an array (a caller's chosen title only fits the single top item). */
  inArray: boolean;
}

/** The path with indices blanked, so that the items of one list rotate through the same templates. */
export const pathShape = (path: string) => path.replace(/\.\d+(?=\.|$)/g, '.*');

export function templateValues(slot: Slot, shift = 0): TemplateValues {
  const { keywords, website, audience, seed } = slot.ctx;
  const i = slot.index + shift;
  return {
    k: keywords[i % keywords.length]!,
    s: keywords.length > 1 ? keywords[(i + 1) % keywords.length] : undefined,
    website,
    audience,
    n: 5 + pickIndex(6, seed, `${slot.path}#n`),
  };
}

export interface ChooseOptions {
  /** Separates several choices made for one slot (the paragraphs of one article). */
  salt?: string;
  /** Moves the focus to a later keyword (the sections of one article). */
  shift?: number;
  /** Moves to a later template. */
  turn?: number;
}

/**
 * One of the templates that have every value they need: a seeded start, rotated by the slot's index and
 * `turn`, so neighbours and successive paragraphs differ.
 */
export function choose(templates: string[], slot: Slot, mode: TextMode, options: ChooseOptions = {}): string {
  const { salt = '', shift = 0, turn = 0 } = options;
  const values = templateValues(slot, shift);
  const usable = templates
    .map((template) => render(template, values, slot.ctx.language, mode))
    .filter((text): text is string => text !== undefined);
  if (usable.length === 0) return render('{K}', values, slot.ctx.language, mode)!;
  const start = pickIndex(usable.length, slot.ctx.seed, `${pathShape(slot.path)}${salt}`);
  return usable[(start + slot.index + turn) % usable.length]!;
}
