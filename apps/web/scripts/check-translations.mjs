// Fails when a message of the web console has no Turkish translation (core §9: EN and TR everywhere).
// It first re-extracts the catalogs from the source, so a message nobody extracted counts as missing too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
execFileSync('npx', ['lingui', 'extract', '--clean'], { cwd: root, stdio: 'ignore' });

/** The msgid → msgstr pairs of a .po file (multi-line strings joined). */
function parsePo(text) {
  const entries = [];
  for (const block of text.split(/\n\s*\n/)) {
    let field = null;
    const parts = { msgid: '', msgstr: '' };
    for (const line of block.split('\n')) {
      const start = /^(msgid|msgstr) "(.*)"$/.exec(line);
      const cont = /^"(.*)"$/.exec(line);
      if (start) {
        field = start[1];
        parts[field] = start[2];
      } else if (cont && field) {
        parts[field] += cont[1];
      } else if (!line.startsWith('#')) {
        field = null;
      }
    }
    if (parts.msgid) entries.push(parts);
  }
  return entries;
}

const tr = parsePo(readFileSync(new URL('../src/locales/tr/messages.po', import.meta.url), 'utf8'));
const missing = tr.filter((e) => e.msgstr.trim() === '');
if (missing.length > 0) {
  console.error(`${missing.length} message(s) have no Turkish translation in src/locales/tr/messages.po:`);
  for (const e of missing) console.error(`  - ${e.msgid}`);
  process.exit(1);
}
console.log(`All ${tr.length} messages have a Turkish translation.`);
