/**
 * Job messages are English on the server; the console says them in the user's language by finding the
 * template (JOB_MESSAGES) each was made from. Every message the server writes needs its template.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_MESSAGES, parseJobMessage, type JobMessageKey } from '@blogfleet/validators';
import { describe, expect, it } from 'vitest';

const ROOTS = ['../src', '../../integrations/src/wordpress/provisioner'].map((r) =>
  fileURLToPath(new URL(r, import.meta.url)),
);

/** A string literal in any quotes; its first character is the quote. */
const LITERAL = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
/** Where a job message is written: a progress report, or a message-making arrow of a job kind. */
const CALLS = /\b(?:progress|onProgress|report)(?:\?\.)?\(/g;
const ARROWS = /\b(?:doing|did|writing): \(\w+\) => (`(?:[^`\\]|\\.)*`)/g;
/** A job row's own `message`, where the runner and the jobs service write it. */
const ROW_MESSAGE = /\bmessage: ('(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)/g;

/** The arguments of the call whose `(` ends at `open`, up to its matching `)`. */
function argumentsAt(source: string, open: number): string {
  let depth = 1;
  let i = open;
  while (i < source.length && depth > 0) {
    const c = source[i]!;
    if (c === "'" || c === '"' || c === '`') {
      LITERAL.lastIndex = i;
      const literal = LITERAL.exec(source);
      i += literal && literal.index === i ? literal[0].length : 1;
      continue;
    }
    if (c === '(') depth++;
    if (c === ')') depth--;
    i++;
  }
  return source.slice(open, i - 1);
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    ),
  );
  return nested.flat();
}

/** Each message written in the sources, with every `${…}` it names as a 7 (a count or a name). */
async function writtenMessages(): Promise<{ file: string; text: string }[]> {
  const found: { file: string; text: string }[] = [];
  const add = (file: string, literal: string) =>
    found.push({
      file: file.slice(file.lastIndexOf('/src/')),
      text: literal.slice(1, -1).replace(/\$\{[^}]*\}/g, '7'),
    });
  for (const root of ROOTS) {
    for (const file of await sourceFiles(root)) {
      const source = await readFile(file, 'utf8');
      for (const call of source.matchAll(CALLS)) {
        // Every literal after the percentage: a message, or each side of a choice between two.
        const args = argumentsAt(source, call.index + call[0].length);
        const afterPercent = args.slice(args.indexOf(','));
        for (const literal of afterPercent.match(LITERAL) ?? []) add(file, literal);
      }
      for (const m of source.matchAll(ARROWS)) add(file, m[1]!);
      // `message:` elsewhere is an API answer's text, not a job's.
      if (/job-runner\.ts$|services\/jobs\.ts$/.test(file)) {
        for (const m of source.matchAll(ROW_MESSAGE)) add(file, m[1]!);
      }
    }
  }
  return found;
}

describe('job messages in the user’s language', () => {
  it('every message the server writes comes from a template, and every template is written', async () => {
    const written = await writtenMessages();
    expect(written.length).toBeGreaterThan(40);
    const unmatched = written.filter((w) => parseJobMessage(w.text) === null);
    expect(unmatched).toEqual([]);
    const used = new Set(written.map((w) => parseJobMessage(w.text)!.key));
    const unused = (Object.keys(JOB_MESSAGES) as JobMessageKey[]).filter((k) => !used.has(k));
    expect(unused).toEqual([]);
  });

  it('finds the template and the values a message names', () => {
    expect(parseJobMessage('Set up DNS for 3 domains')).toEqual({
      key: 'dnsSetUpAll',
      values: { count: '3' },
    });
    expect(parseJobMessage('Set up DNS for shop.example')).toEqual({
      key: 'dnsSetUpOne',
      values: { domain: 'shop.example' },
    });
    expect(parseJobMessage('Writer: 10 ideas about coffee, tea')).toEqual({
      key: 'ideasGenerating',
      values: { agent: 'Writer', count: '10', keywords: 'coffee, tea' },
    });
    expect(parseJobMessage('Synced 2 of 5 sites')).toEqual({
      key: 'sitesSynced',
      values: { done: '2', total: '5' },
    });
    expect(parseJobMessage('Pushing A title\nwith a line break')).toMatchObject({ key: 'pushingPost' });
    // A title that reads like another template is still a title.
    expect(parseJobMessage('Pushing Chapter 1: idea 3 of 10')).toEqual({
      key: 'pushingPost',
      values: { title: 'Chapter 1: idea 3 of 10' },
    });
    // Not a template's text, or a number where a name belongs: shown as it is.
    expect(parseJobMessage('Something else happened')).toBeNull();
    expect(parseJobMessage('Attempt two failed; retrying')).toBeNull();
  });
});
