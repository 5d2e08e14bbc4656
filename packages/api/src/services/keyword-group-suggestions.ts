import { isIntegrationError } from '@blogfleet/integrations/errors';
import type { SuggestKeywordGroupsInput } from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { textGenerator } from './integration-config';

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
      for (const term of terms.get(k.id)!) {
        const list = holders.get(term);
        if (list) list.push(k);
        else holders.set(term, [k]);
      }
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

/** At most this many keywords go to the model (a longer list would not fit its answer). */
const SENT_TO_MODEL = 300;

const modelGroups = z.object({
  groups: z
    .array(
      z.object({
        name: z.string().min(1).max(100),
        keywords: z.array(z.string().min(1).max(200)).min(1).max(GROUP_SIZE),
      }),
    )
    .max(100),
});

/**
 * The model's grouping of the keywords, mapped back to the keywords by their text (case aside): texts it
 * made up are dropped, a keyword goes to its first group, a group needs two keywords. The primary keyword
 * is the best scored member.
 */
async function groupWithModel(
  ctx: Pick<Context, 'db' | 'secrets' | 'integrations'>,
  keywords: SuggestedKeyword[],
  maxGroups: number,
): Promise<SuggestedGroup[] | null> {
  const generator = await textGenerator(ctx);
  if (generator.kind === 'offline') return null;
  const sent = keywords.slice(0, SENT_TO_MODEL);
  const answer = await generator.generate({
    schema: modelGroups,
    schemaName: 'keyword_groups',
    system:
      'You are an SEO strategist. You group search keywords into topic clusters: each cluster is one article or page a site could rank with for all of its keywords (same search intent). Name each cluster in two to four words, in the language of its keywords. Use the keywords exactly as given; leave out keywords that fit no cluster.',
    prompt: `Group these keywords into at most ${maxGroups} clusters of two to ${GROUP_SIZE} keywords.`,
    language: 'en',
    input: { keywords: sent.map((k) => k.keyword_text) },
  });
  const byText = new Map(sent.map((k) => [k.keyword_text.toLowerCase(), k]));
  const used = new Set<number>();
  const groups: SuggestedGroup[] = [];
  const byScore = (a: SuggestedKeyword, b: SuggestedKeyword) => b.score - a.score || a.id - b.id;
  for (const g of answer.output.groups) {
    if (groups.length >= maxGroups) break;
    const members = g.keywords
      .map((text) => byText.get(text.trim().toLowerCase()))
      .filter((k): k is SuggestedKeyword => k !== undefined && !used.has(k.id));
    const unique = [...new Map(members.map((k) => [k.id, k])).values()].sort(byScore);
    if (unique.length < 2) continue;
    for (const k of unique) used.add(k.id);
    const [primary, ...secondary] = unique as [SuggestedKeyword, ...SuggestedKeyword[]];
    groups.push({
      name: g.name.trim(),
      term: '',
      primary_keyword_id: primary.id,
      secondary_keyword_ids: secondary.map((k) => k.id),
      keywords: unique,
    });
  }
  return groups;
}

/**
 * GET keyword-groups/suggestions: the website's keywords that are in no group, grouped by the AI model
 * when one is set up (keywords it leaves out are then clustered by shared terms), otherwise by shared
 * terms alone. A model that fails is reported (`model_error`) and the terms do the work. Nothing is
 * written; the caller accepts (and may edit) the groups through bulk-create.
 */
export async function suggestKeywordGroups(
  ctx: Pick<Context, 'db' | 'secrets' | 'integrations'>,
  input: SuggestKeywordGroupsInput,
) {
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
  let fromModel: SuggestedGroup[] | null = null;
  let modelError: string | null = null;
  if (keywords.length >= 2) {
    try {
      fromModel = await groupWithModel(ctx, keywords, input.maxGroups);
    } catch (error) {
      if (!isIntegrationError(error)) throw error;
      modelError = error.message;
    }
  }
  const grouped = new Set((fromModel ?? []).flatMap((g) => g.keywords.map((k) => k.id)));
  const rest = clusterKeywords(
    keywords.filter((k) => !grouped.has(k.id)),
    input.maxGroups - (fromModel?.length ?? 0),
  );
  return {
    groups: [...(fromModel ?? []), ...rest.groups],
    considered: keywords.length,
    ungrouped: rest.ungrouped,
    source: fromModel && fromModel.length > 0 ? ('model' as const) : ('terms' as const),
    model_error: modelError,
  };
}
