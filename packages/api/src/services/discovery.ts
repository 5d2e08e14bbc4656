import { domainToUnicode } from 'node:url';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { createRegistrar, type DomainCheck, type Registrar } from '@blogfleet/integrations/registrar';
import {
  checkDomainName,
  domainParts,
  TLD_LIST_PRICES,
  type AddDiscoveredInput,
  type DiscoverInput,
} from '@blogfleet/validators';
import { sql } from '@blogfleet/db';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError } from '../errors';
import { audit } from './audit';
import { normaliseModelIdeas, offlineDomainIdeas, type DomainIdea } from './domain-ideas';
import { toDomainView, type DomainView } from './domain-view';
import { optionalIntegrationConfig, textGenerator } from './integration-config';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & { user: { id: number } };

/** Registrar checks in flight at once, and how often a rate-limited check is tried again. */
export const DISCOVERY_CHECK_CONCURRENCY = 8;
const RATE_LIMIT_RETRIES = 8;
const RATE_LIMIT_BACKOFF_MS = 500;
/** Checks still waiting after this long are left unknown, so a slow registrar cannot hold the screen. */
const CHECK_BUDGET_MS = 30_000;

export interface DiscoveredIdea extends DomainIdea {
  domain_unicode: string;
  /** Yearly price in US dollars: the registrar's quote, or the doc2 §9 list price. */
  price: number | null;
  price_source: 'registrar' | 'list' | null;
  /** null: unknown (no registrar, or it did not answer). */
  available: boolean | null;
  premium: boolean;
}

const modelIdeas = z.object({
  ideas: z
    .array(
      z.object({
        domain: z.string().min(1).max(253),
        score: z.number().min(0).max(10),
        strengths: z.array(z.string().max(200)).max(4),
        recommendation: z.string().max(500),
      }),
    )
    .max(200),
});

const tldOf = (domain: string) => domainParts(domain).suffix ?? '';
const listPrice = (domain: string) => TLD_LIST_PRICES[tldOf(domain)] ?? null;

/** Names already suggested for this target website (any earlier run), in lower case. */
async function suggestedBefore(ctx: Pick<Context, 'db'>, target: string): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom('domain_discovery_ideas as i')
    .innerJoin('domain_discovery_runs as r', 'r.id', 'i.run_id')
    .select(sql<string>`lower(i.domain)`.as('domain'))
    .where(sql`lower(r.target_website)`, '=', target.toLowerCase())
    .execute();
  return new Set(rows.map((r) => r.domain));
}

async function inTheList(ctx: Pick<Context, 'db'>, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('domains')
    .select('domain_name')
    .where(sql`lower(domain_name)`, 'in', names)
    .execute();
  return new Set(rows.map((r) => r.domain_name.toLowerCase()));
}

/**
 * The registrar's answer for each name, a few checks in flight at once. A "rate limited" answer halves
 * how many may be in flight and pauses them all (the registrar's Retry-After, else a doubling backoff);
 * a run of answers lets one more in again (additive increase, multiplicative decrease). A name refused
 * is tried again; what is unanswered when the time budget ends stays unknown (null).
 */
export async function checkAvailability(
  registrar: Registrar,
  names: string[],
  concurrency = DISCOVERY_CHECK_CONCURRENCY,
): Promise<Map<string, DomainCheck | null>> {
  const results = new Map<string, DomainCheck | null>();
  const deadline = Date.now() + CHECK_BUDGET_MS;
  let allowed = concurrency;
  let answeredSinceCut = 0;
  let pausedUntil = 0;
  let backoff = RATE_LIMIT_BACKOFF_MS;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  let next = 0;
  const worker = async (index: number) => {
    while (next < names.length) {
      // Workers beyond the current allowance sit out until it grows again.
      if (index >= allowed) {
        if (Date.now() >= deadline) return;
        await sleep(50);
        continue;
      }
      const name = names[next++]!;
      let answer: DomainCheck | null = null;
      for (let limited = 0; limited <= RATE_LIMIT_RETRIES;) {
        if (pausedUntil > Date.now()) await sleep(Math.min(pausedUntil, deadline) - Date.now());
        if (Date.now() >= deadline) break;
        try {
          answer = await registrar.checkDomain(name);
          backoff = RATE_LIMIT_BACKOFF_MS;
          if (++answeredSinceCut >= allowed * 2 && allowed < concurrency) {
            allowed++;
            answeredSinceCut = 0;
          }
          break;
        } catch (error) {
          if (!isIntegrationError(error) || error.kind !== 'rate_limited') break;
          // Checks already in flight when the limit hit are refused too: only the first one cuts.
          if (pausedUntil <= Date.now()) {
            const retryAfter = Number(error.details?.retryAfterSeconds);
            pausedUntil =
              Date.now() + (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff);
            backoff = Math.min(backoff * 2, 8_000);
            allowed = Math.max(1, Math.floor(allowed / 2));
            answeredSinceCut = 0;
          }
          limited++;
        }
      }
      results.set(name, answer);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, names.length) }, (_, i) => worker(i)));
  return results;
}

/**
 * POST domains/discover (doc2 §2/§7): ideas from the AI text integration (without a model, real
 * combinations of the target's words with the prefix and suffix words under each TLD), availability and
 * price from the registrar (list prices, availability unknown, without one), the cheap-only filter on
 * those prices, and the run with its ideas stored. "Find new ideas" (newOnly) never repeats a name
 * suggested for the same target before; names already in the domains list are never suggested.
 */
export async function discoverDomains(ctx: Ctx, input: DiscoverInput) {
  const target = input.targetWebsite;
  const exclude = input.newOnly ? await suggestedBefore(ctx, target) : new Set<string>();
  const seed = {
    language: input.language,
    targetWebsite: target,
    prompt: input.prompt,
    sampleDomains: input.sampleDomains,
    affixes: input.prefixSuffixList,
    tlds: input.customTlds.length > 0 ? [...new Set(input.customTlds)] : ['com'],
  };
  // Ask for more than the limit: some are taken, priced out or already in the list.
  const wanted = input.searchLimit * 2;
  const generator = await textGenerator(ctx);
  let ideas: DomainIdea[] = [];
  let generatorKind: string = 'offline';
  if (generator.kind !== 'offline') {
    const result = await generator.generate({
      schema: modelIdeas,
      schemaName: 'domain_ideas',
      system:
        'You suggest brandable domain names for websites. Each idea: the domain (name and TLD), a score from 0 to 10, up to four short strengths and a one-sentence recommendation.',
      prompt: `Suggest ${wanted} domain names for the website "${target}". Use only these TLDs: ${seed.tlds.join(', ')}.${input.prompt ? ` Brief: ${input.prompt}` : ''}${seed.affixes.length ? ` Words to combine as prefixes or suffixes: ${seed.affixes.join(', ')}.` : ''}${seed.sampleDomains.length ? ` Names in the style wanted: ${seed.sampleDomains.join(', ')}.` : ''}`,
      language: input.language,
      input: {
        targetWebsite: target,
        tlds: seed.tlds,
        prefixSuffixList: seed.affixes,
        sampleDomains: seed.sampleDomains,
      },
    });
    ideas = normaliseModelIdeas(result.output.ideas, seed.tlds, exclude);
    generatorKind = result.generator;
  }
  if (ideas.length < wanted) {
    const taken = new Set([...exclude, ...ideas.map((i) => i.domain)]);
    ideas = [...ideas, ...offlineDomainIdeas(seed, wanted - ideas.length, taken)];
  }
  const listed = await inTheList(
    ctx,
    ideas.map((i) => i.domain),
  );
  ideas = ideas.filter((i) => !listed.has(i.domain));
  if (ideas.length === 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      input.newOnly
        ? `No new domain ideas for ${target}: change the prompt, the words or the TLDs`
        : `No domain ideas for ${target}: add a prompt or prefix and suffix words`,
      { reason: 'no_new_ideas' },
    );
  }

  const registrarConfig = await optionalIntegrationConfig(ctx, 'registrar');
  const registrar = registrarConfig ? createRegistrar(registrarConfig) : null;
  const toIdea = (idea: DomainIdea, check: DomainCheck | null): DiscoveredIdea => {
    const quoted = check?.priceCents ?? null;
    // Unquoted (no registrar, or it did not answer in time): the list price, labelled as such.
    const list = listPrice(idea.domain);
    return {
      ...idea,
      domain_unicode: domainToUnicode(idea.domain) || idea.domain,
      price: quoted !== null ? quoted / 100 : list,
      price_source: quoted !== null ? 'registrar' : list !== null ? 'list' : null,
      available: check ? check.available : null,
      premium: check?.premium ?? false,
    };
  };
  // Cheap-only filters on the real price: the registrar's quote, or without a registrar the list price.
  const cheapEnough = (i: DiscoveredIdea) =>
    !i.premium &&
    i.price !== null &&
    i.price <= input.maxPrice &&
    (!registrar || i.price_source === 'registrar');
  const found: DiscoveredIdea[] = [];
  let offset = 0;
  // Filter first, then cut: check more candidates while filtered ones leave the page short.
  while (found.length < input.searchLimit && offset < ideas.length) {
    const batch = ideas.slice(offset, offset + (input.searchLimit - found.length));
    offset += batch.length;
    const checks = registrar
      ? await checkAvailability(
          registrar,
          batch.map((i) => i.domain),
        )
      : new Map<string, DomainCheck | null>();
    for (const idea of batch) {
      const result = toIdea(idea, checks.get(idea.domain) ?? null);
      if (!input.cheapDomainsOnly || cheapEnough(result)) found.push(result);
    }
    if (!input.cheapDomainsOnly) break;
  }
  found.sort((a, b) => b.score - a.score);
  const stats = {
    totalIdeas: found.length,
    checkedDomains: found.filter((i) => i.price_source === 'registrar').length,
    availableDomains: found.filter((i) => i.available === true).length,
  };

  const runId = await ctx.db.transaction().execute(async (trx) => {
    const run = await trx
      .insertInto('domain_discovery_runs')
      .values({
        target_website: target,
        prompt: input.prompt ?? null,
        tlds: seed.tlds,
        sample_domains: input.sampleDomains,
        cheap_domains_only: input.cheapDomainsOnly,
        max_price_cents: Math.round(input.maxPrice * 100),
        search_limit: input.searchLimit,
        prefix_suffix_list: input.prefixSuffixList,
        total_ideas: stats.totalIdeas,
        checked_domains: stats.checkedDomains,
        available_domains: stats.availableDomains,
        created_by: ctx.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (found.length > 0) {
      await trx
        .insertInto('domain_discovery_ideas')
        .values(
          found.map((i) => ({
            run_id: run.id,
            domain: i.domain,
            score: i.score,
            strengths: i.strengths,
            recommendation: i.recommendation,
            price_cents: i.price === null ? null : Math.round(i.price * 100),
            available: i.available,
          })),
        )
        .execute();
    }
    return run.id;
  });
  return {
    runId,
    allIdeas: found,
    stats,
    generator: generatorKind,
    registrar: registrarConfig?.provider ?? null,
  };
}

/**
 * Adds the selected ideas to the domains list (status available, the idea's score and price as the
 * estimate). Names already in the list are reported, not duplicated; all or nothing otherwise.
 */
export async function addDiscoveredDomains(
  ctx: Ctx,
  input: AddDiscoveredInput,
): Promise<{ added: DomainView[]; existing: string[] }> {
  const names: string[] = [];
  for (const raw of input.domains) {
    const checked = checkDomainName(raw);
    if (!checked.ok) throw new AppError('VALIDATION_ERROR', `${raw}: ${checked.reason}`);
    if (!names.includes(checked.domain)) names.push(checked.domain);
  }
  return ctx.db.transaction().execute(async (trx) => {
    const existing = await inTheList({ db: trx }, names);
    const fresh = names.filter((n) => !existing.has(n));
    // The latest suggestion of each name for this target carries its score and price.
    const ideaRows = fresh.length
      ? await trx
          .selectFrom('domain_discovery_ideas as i')
          .innerJoin('domain_discovery_runs as r', 'r.id', 'i.run_id')
          .select(['i.domain', 'i.score', 'i.price_cents'])
          .where(sql`lower(i.domain)`, 'in', fresh)
          .where(sql`lower(r.target_website)`, '=', input.targetWebsite.toLowerCase())
          .orderBy('i.id', 'desc')
          .execute()
      : [];
    const idea = new Map<string, { score: string | number; price_cents: number | null }>();
    for (const row of ideaRows)
      if (!idea.has(row.domain.toLowerCase())) idea.set(row.domain.toLowerCase(), row);
    const added = fresh.length
      ? await trx
          .insertInto('domains')
          .values(
            fresh.map((name) => ({
              domain_name: name,
              target_website: input.targetWebsite,
              status: 'available' as const,
              score: idea.get(name)?.score ?? null,
              estimated_price_cents: idea.get(name)?.price_cents ?? null,
            })),
          )
          .returningAll()
          .execute()
      : [];
    for (const row of added) {
      await audit(
        { ...ctx, db: trx },
        {
          action: 'domain.create',
          subjectType: 'domain',
          subjectId: row.id,
          details: { domain: row.domain_name, from: 'discovery' },
        },
      );
    }
    return { added: added.map(toDomainView), existing: [...existing] };
  });
}
