import type { SuggestKeywordGroupsInput } from '@blogfleet/validators';
import type { Context } from '../context';

/** Words that say nothing about a topic, in the interface's languages. */
const STOPWORDS = new Set(
  [
    // English
    'a an and are best buy by can cheap do does for from get how in is it near of on or the to top vs what when where which who why with without your you 2024 2025 2026',
    // Turkish
    've ile için bir en ne nasıl nedir mi mı mu mü da de ya veya gibi çok daha olan en iyi ucuz fiyat fiyatları',
  ]
    .join(' ')
    .split(' '),
);

/** At most this many keywords are looked at (the best scored first). */
const CONSIDERED = 2_000;
/** A suggested group holds at most this many keywords. */
const GROUP_SIZE = 50;

export interface SuggestedKeyword {
  id: number;
  keyword_text: string;
  score: number;
  search_volume: number | null;
}

export interface SuggestedGroup {
  name: string;
  /** The term the group's keywords share. */
  term: string;
  primary_keyword_id: number;
  secondary_keyword_ids: number[];
  /** Primary first, then by score. */
  keywords: SuggestedKeyword[];
}

export function termsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3 && !STOPWORDS.has(w)))];
}

const title = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/**
 * Clusters keywords by the terms they share, greedily: the term most of the remaining keywords contain
 * makes a group of them, until no term is shared by two. A term found in nearly all keywords (the
 * website's niche word) says nothing about topics and is passed over while others remain. The name is
 * the group's term, with a second term when every member has it too (in the primary keyword's order).
 */
export function clusterKeywords(keywords: SuggestedKeyword[], maxGroups: number) {
  const terms = new Map(keywords.map((k) => [k.id, termsOf(k.keyword_text)]));
  const byScore = (a: SuggestedKeyword, b: SuggestedKeyword) =>
    b.score - a.score || (b.search_volume ?? -1) - (a.search_volume ?? -1) || a.id - b.id;
  let remaining = [...keywords].sort(byScore);
  const everywhere = (count: number) => keywords.length >= 6 && count > keywords.length * 0.6;
  const groups: SuggestedGroup[] = [];
  while (groups.length < maxGroups && remaining.length >= 2) {
    const holders = new Map<string, SuggestedKeyword[]>();
    for (const k of remaining) {
      for (const term of terms.get(k.id)!) holders.set(term, [...(holders.get(term) ?? []), k]);
    }
    const ranked = [...holders.entries()]
      .filter(([, ks]) => ks.length >= 2)
      .sort(([ta, a], [tb, b]) => b.length - a.length || ta.localeCompare(tb));
    const pick = ranked.find(([, ks]) => !everywhere(ks.length)) ?? ranked[0];
    if (!pick) break;
    const [term, members] = pick;
    const chosen = members.slice(0, GROUP_SIZE);
    const [primary, ...secondary] = chosen as [SuggestedKeyword, ...SuggestedKeyword[]];
    const primaryTerms = terms.get(primary.id)!;
    const partner = primaryTerms.find((t) => t !== term && chosen.every((k) => terms.get(k.id)!.includes(t)));
    const nameTerms = partner ? primaryTerms.filter((t) => t === term || t === partner) : [term];
    groups.push({
      name: title(nameTerms.join(' ')),
      term,
      primary_keyword_id: primary.id,
      secondary_keyword_ids: secondary.map((k) => k.id),
      keywords: chosen,
    });
    const taken = new Set(chosen.map((k) => k.id));
    remaining = remaining.filter((k) => !taken.has(k.id));
  }
  return { groups, ungrouped: remaining.length };
}

/**
 * GET keyword-groups/suggestions: the website's keywords that are in no group, clustered by shared
 * terms. Nothing is written; the caller accepts (and may edit) the groups through bulk-create.
 */
export async function suggestKeywordGroups(ctx: Pick<Context, 'db'>, input: SuggestKeywordGroupsInput) {
  const rows = await ctx.db
    .selectFrom('keywords as k')
    .select(['k.id', 'k.keyword_text', 'k.score', 'k.search_volume'])
    .where('k.target_website', '=', input.targetWebsite)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('keyword_group_keywords as m')
            .select('m.keyword_id')
            .whereRef('m.keyword_id', '=', 'k.id'),
        ),
      ),
    )
    .orderBy('k.score', 'desc')
    .orderBy('k.id')
    .limit(CONSIDERED)
    .execute();
  const keywords = rows.map((r) => ({
    id: r.id,
    keyword_text: r.keyword_text,
    score: Number(r.score),
    search_volume: r.search_volume,
  }));
  const { groups, ungrouped } = clusterKeywords(keywords, input.maxGroups);
  return { groups, considered: keywords.length, ungrouped };
}
