import { sql } from '@blogfleet/db';
import {
  keywordTextField,
  keywordWebsiteField,
  type CompetitionLevel,
  type ExportKeywordsInput,
  type ImportKeywordsInput,
} from '@blogfleet/validators';
import Papa from 'papaparse';
import type { Context } from '../context';
import { AppError } from '../errors';
import { audit } from './audit';
import { estimatedIntent, keywordScore } from './keyword-score';
import { filteredKeywords, keywordSortBy } from './keywords';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } };

/** Rows one export holds at most (a spreadsheet's comfortable size); the answer says when it was cut. */
export const EXPORT_LIMIT = 50_000;
/** Rows one import reads at most. */
export const IMPORT_LIMIT = 10_000;
/** Rows of the preview answered (all rows are checked and counted). */
const PREVIEW_ROWS = 200;

const HEADER = [
  'keyword',
  'website',
  'search_volume',
  'competition',
  'cpc',
  'keyword_difficulty',
  'commercial_intent',
  'score',
  'used',
  'created_at',
];

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) is shown as text instead. */
const safeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** GET keywords/export: the filtered list in its sort, as CSV with a header row. */
/** A row's website and keyword, case aside: two rows with the same key are one keyword. */
const importKey = (r: { website: string; keyword: string }) => `${r.website}\n${r.keyword.toLowerCase()}`;

export async function exportKeywords(ctx: Pick<Context, 'db'>, input: ExportKeywordsInput) {
  const sort = keywordSortBy[input.sort];
  const rows = await filteredKeywords(ctx, input)
    .selectAll('keywords')
    .orderBy(sort.expr, input.order)
    .orderBy('keywords.id', input.order)
    .limit(EXPORT_LIMIT + 1)
    .execute();
  const truncated = rows.length > EXPORT_LIMIT;
  const data = rows
    .slice(0, EXPORT_LIMIT)
    .map((k) => [
      safeCell(k.keyword_text),
      k.target_website,
      k.search_volume ?? '',
      k.competition_level ?? '',
      k.cpc ?? '',
      k.keyword_difficulty ?? '',
      Number(k.commercial_intent),
      Number(k.score),
      k.is_used ? 'yes' : 'no',
      k.created_at.toISOString(),
    ]);
  return { csv: Papa.unparse({ fields: HEADER, data }), rows: data.length, truncated };
}

/** Header names people use for each field (English, Turkish, DataForSEO's and Google's exports). */
const ALIASES: Record<string, string[]> = {
  keyword: ['keyword', 'keywords', 'keyword_text', 'query', 'search_term', 'anahtar_kelime', 'kelime'],
  website: ['website', 'target_website', 'site', 'domain', 'web_sitesi'],
  search_volume: [
    'search_volume',
    'volume',
    'avg_monthly_searches',
    'monthly_searches',
    'hacim',
    'arama_hacmi',
  ],
  competition: ['competition', 'competition_level', 'rekabet'],
  cpc: ['cpc', 'cost_per_click', 'top_of_page_bid'],
  keyword_difficulty: ['keyword_difficulty', 'difficulty', 'kd', 'zorluk'],
  commercial_intent: ['commercial_intent', 'intent', 'niyet'],
};
const fieldOf = (header: string) => {
  const h = header
    .trim()
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_|_$/g, '');
  return Object.keys(ALIASES).find((f) => ALIASES[f]!.includes(h)) ?? null;
};

export interface ImportRow {
  line: number;
  keyword: string;
  website: string;
  search_volume: number | null;
  competition_level: CompetitionLevel | null;
  cpc: number | null;
  keyword_difficulty: number | null;
  commercial_intent: number;
  status: 'new' | 'exists' | 'error';
  error: string | null;
}

function number(raw: string | undefined, label: string, min: number, max: number, whole = false) {
  const v = (raw ?? '').trim().replace(/[\s,](?=\d{3}\b)/g, '');
  if (v === '') return null;
  const n = Number(v.replace(/^\$/, ''));
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) {
    throw new Error(
      `${label} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}: “${raw}”`,
    );
  }
  return n;
}

/** low/medium/high, or a 0–1 competition index (Google Ads, DataForSEO) by thirds. */
function competition(raw: string | undefined): CompetitionLevel | null {
  const v = (raw ?? '').trim().toLocaleLowerCase('en');
  if (v === '') return null;
  const word: Record<string, CompetitionLevel> = {
    low: 'low',
    medium: 'medium',
    high: 'high',
    düşük: 'low',
    orta: 'medium',
    yüksek: 'high',
  };
  if (word[v]) return word[v];
  const n = Number(v);
  if (Number.isFinite(n) && n >= 0 && n <= 1) return n < 1 / 3 ? 'low' : n < 2 / 3 ? 'medium' : 'high';
  throw new Error(`Competition must be low, medium, high or 0–1: “${raw}”`);
}

/** The rows of the file, each checked; nothing is written. */
async function readRows(ctx: Pick<Context, 'db'>, input: ImportKeywordsInput): Promise<ImportRow[]> {
  const parsed = Papa.parse<string[]>(input.csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const records = parsed.data;
  const fields = (records[0] ?? []).map(fieldOf);
  const hasHeader = fields.includes('keyword');
  // Without a header it is a plain list: one keyword per line (first column).
  const columns = hasHeader ? fields : ['keyword'];
  const body = hasHeader ? records.slice(1) : records;
  if (body.length > IMPORT_LIMIT) {
    throw new AppError('VALIDATION_ERROR', `A file has at most ${IMPORT_LIMIT.toLocaleString('en')} rows`);
  }
  const firstLine = hasHeader ? 2 : 1;
  const seen = new Map<string, number>();
  const rows = body.map((record, i): ImportRow => {
    const line = firstLine + i;
    const cell = (field: string) => {
      const at = columns.indexOf(field);
      return at < 0 ? undefined : record[at];
    };
    const text = keywordTextField.safeParse(cell('keyword') ?? '');
    const websiteRaw = cell('website')?.trim() || input.targetWebsite || '';
    const website = keywordWebsiteField.safeParse(websiteRaw);
    const row: ImportRow = {
      line,
      // Kept as written, like a keyword typed in; repeats and existing ones are found whatever the case.
      keyword: text.success ? text.data : (cell('keyword') ?? ''),
      website: website.success ? website.data : websiteRaw,
      search_volume: null,
      competition_level: null,
      cpc: null,
      keyword_difficulty: null,
      commercial_intent: 0,
      status: 'new',
      error: null,
    };
    try {
      if (!text.success) throw new Error(text.error.issues[0]!.message);
      if (!website.success) {
        throw new Error(
          websiteRaw === ''
            ? 'No website: add a website column or choose one'
            : website.error.issues[0]!.message,
        );
      }
      row.search_volume = number(cell('search_volume'), 'Search volume', 0, 2_000_000_000, true);
      row.competition_level = competition(cell('competition'));
      row.cpc = number(cell('cpc'), 'CPC', 0, 10_000);
      const kd = number(cell('keyword_difficulty'), 'Keyword difficulty', 0, 100);
      row.keyword_difficulty = kd === null ? null : Math.round(kd);
      row.commercial_intent =
        number(cell('commercial_intent'), 'Commercial intent', 0, 1) ?? estimatedIntent(row.keyword);
      const key = importKey(row);
      const earlier = seen.get(key);
      if (earlier !== undefined) throw new Error(`Repeats line ${earlier}`);
      seen.set(key, line);
    } catch (error) {
      row.status = 'error';
      row.error = (error as Error).message;
    }
    return row;
  });

  const good = rows.filter((r) => r.status === 'new');
  for (let i = 0; i < good.length; i += 1_000) {
    const chunk = good.slice(i, i + 1_000);
    // Joined on the unique index's expressions, so each row is one index lookup, not a scan.
    const { rows: existing } = await sql<{ key: string }>`
      SELECT v.w || chr(10) || v.k AS key
      FROM unnest(${sql.val(chunk.map((r) => r.website))}::text[], ${sql.val(chunk.map((r) => r.keyword))}::text[]) AS v(w, k)
      WHERE EXISTS (
        SELECT 1 FROM keywords
        WHERE lower(target_website) = lower(v.w) AND lower(keyword_text) = lower(v.k)
      )`.execute(ctx.db);
    const there = new Set(existing.map((e) => e.key));
    for (const r of chunk) if (there.has(`${r.website}\n${r.keyword}`)) r.status = 'exists';
  }
  return rows;
}

/**
 * POST keywords/import: a dry run answers the preview (each row new, already there, or its problem);
 * otherwise the new rows are added in one transaction (rows with problems and keywords already there
 * are left out, and the answer says how many).
 */
export async function importKeywords(ctx: Ctx, input: ImportKeywordsInput) {
  const rows = await readRows(ctx, input);
  const fresh = rows.filter((r) => r.status === 'new');
  const counts = {
    rows: rows.length,
    new: fresh.length,
    exists: rows.filter((r) => r.status === 'exists').length,
    errors: rows.filter((r) => r.status === 'error').length,
  };
  let created = 0;
  if (!input.dryRun && fresh.length > 0) {
    const now = new Date();
    created = await ctx.db.transaction().execute(async (trx) => {
      let n = 0;
      for (let i = 0; i < fresh.length; i += 1_000) {
        const inserted = await trx
          .insertInto('keywords')
          .values(
            fresh.slice(i, i + 1_000).map((r) => {
              const measured =
                r.search_volume !== null ||
                r.competition_level !== null ||
                r.cpc !== null ||
                r.keyword_difficulty !== null;
              return {
                keyword_text: r.keyword,
                target_website: r.website,
                search_volume: r.search_volume,
                competition_level: r.competition_level,
                cpc: r.cpc,
                keyword_difficulty: r.keyword_difficulty,
                commercial_intent: r.commercial_intent,
                metrics_updated_at: measured ? now : null,
                score: keywordScore(r),
              };
            }),
          )
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute();
        n += inserted.length;
      }
      await audit(
        { ...ctx, db: trx },
        { action: 'keyword.import', subjectType: 'keyword', details: { ...counts, created: n } },
      );
      return n;
    });
  }
  return {
    dryRun: input.dryRun,
    counts,
    created,
    preview: rows.slice(0, PREVIEW_ROWS),
    errors: rows.filter((r) => r.status === 'error').slice(0, PREVIEW_ROWS),
  };
}
