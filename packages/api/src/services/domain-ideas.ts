import { checkDomainName, domainParts, SUGGESTED_AFFIXES } from '@blogfleet/validators';

/** One suggested name before the registrar is asked about it. */
export interface DomainIdea {
  domain: string;
  /** 0–10. */
  score: number;
  strengths: string[];
  recommendation: string;
}

export type IdeaLanguage = 'en' | 'tr';

export interface IdeaSeed {
  language?: IdeaLanguage;
  targetWebsite: string;
  prompt?: string;
  sampleDomains: string[];
  affixes: string[];
  tlds: string[];
}

const STOPWORDS = new Set(
  'the and for with from your our you are was were this that these those into onto about over under a an of to in on at by or my me we us it its is be as not all any can will just www http https com net org blog site website page home shop store online best'.split(
    ' ',
  ),
);

const lettersOnly = (w: string) => w.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The words a target website, a prompt and sample domains offer, most important first. */
export function seedWords(seed: Pick<IdeaSeed, 'targetWebsite' | 'prompt' | 'sampleDomains'>): string[] {
  const words: string[] = [];
  const push = (w: string) => {
    const clean = lettersOnly(w);
    if (clean.length >= 3 && clean.length <= 20 && !STOPWORDS.has(clean) && !words.includes(clean))
      words.push(clean);
  };
  const target = seed.targetWebsite.trim().toLowerCase();
  const parsed = domainParts(target);
  const label = parsed.label ?? (parsed.hostname && !/\s/.test(target) ? parsed.hostname : null);
  if (label) {
    for (const part of label.split(/[-_.]+/)) push(part);
  } else {
    for (const part of target.split(/[^\p{L}\p{N}]+/u)) push(part);
  }
  for (const part of (seed.prompt ?? '').split(/[^\p{L}\p{N}]+/u).slice(0, 40)) {
    if (words.length >= 6) break;
    push(part);
  }
  for (const sample of seed.sampleDomains) {
    const s = domainParts(sample).label;
    for (const part of (s ?? '').split(/[-_]+/)) push(part);
  }
  return words.slice(0, 8);
}

const TEXT = {
  en: {
    short: (n: number) => `Short and memorable (${n} letters)`,
    plain: 'Easy to spell: no hyphens or digits',
    topic: (w: string) => `Contains the topic word "${w}"`,
    com: '.com, the ending visitors trust most',
    strong: (t: string) => `Strong pick for ${t}: register it while it is free.`,
    good: (t: string) => `Good option for ${t}; compare it with the shorter names.`,
    backup: (t: string) => `Backup option for ${t}.`,
  },
  tr: {
    short: (n: number) => `Kısa ve akılda kalıcı (${n} harf)`,
    plain: 'Yazması kolay: tire veya rakam yok',
    topic: (w: string) => `Konu kelimesini içeriyor: "${w}"`,
    com: '.com, ziyaretçilerin en çok güvendiği uzantı',
    strong: (t: string) => `${t} için güçlü seçim: boştayken kaydedin.`,
    good: (t: string) => `${t} için iyi seçenek; daha kısa adlarla karşılaştırın.`,
    backup: (t: string) => `${t} için yedek seçenek.`,
  },
} as const;

const TLD_PENALTY: Record<string, number> = { com: 0, net: 0.5, org: 0.5, io: 0.5, co: 0.5 };

/** A deterministic score: short, no hyphens or digits, the target's own word, a trusted ending. */
export function scoreName(
  label: string,
  tld: string,
  mainWord: string | undefined,
  language: IdeaLanguage = 'en',
) {
  const text = TEXT[language];
  let score = 10;
  const strengths: string[] = [];
  // Every letter past five costs a little: short names are typed and remembered more easily.
  if (label.length > 5) score -= Math.min(4, (label.length - 5) * 0.25);
  // The topic word alone is worth more than the same word with a generic prefix or suffix.
  if (mainWord && label !== mainWord && label.includes(mainWord)) score -= 0.3;
  if (label.length <= 10) strengths.push(text.short(label.length));
  if (/[-0-9]/.test(label)) score -= label.includes('-') ? 1.5 : 1;
  else strengths.push(text.plain);
  if (mainWord && label.includes(mainWord)) strengths.push(text.topic(mainWord));
  else score -= 1;
  score -= TLD_PENALTY[tld] ?? 1;
  if (tld === 'com') strengths.push(text.com);
  const rounded = Math.max(0, Math.min(10, Math.round(score * 10) / 10));
  return { score: rounded, strengths };
}

function recommendation(score: number, target: string, language: IdeaLanguage): string {
  const text = TEXT[language];
  return score >= 8 ? text.strong(target) : score >= 6 ? text.good(target) : text.backup(target);
}

/**
 * Domain ideas without a model: real combinations of the target's words with each other and with the
 * prefix and suffix words, under each TLD, scored and explained, best first. Names in `exclude` (lower
 * case, full domain) are left out.
 */
export function offlineDomainIdeas(
  seed: IdeaSeed,
  count: number,
  exclude: ReadonlySet<string>,
): DomainIdea[] {
  const words = seedWords(seed);
  if (words.length === 0) return [];
  const affixes = (seed.affixes.length > 0 ? seed.affixes : SUGGESTED_AFFIXES.slice(0, 6))
    .map(lettersOnly)
    .filter(Boolean);
  const labels = new Set<string>();
  const base = words.slice(0, 4);
  for (const w of base) labels.add(w);
  for (const a of base) for (const b of base) if (a !== b) labels.add(a + b);
  for (const w of base) {
    for (const a of affixes) {
      labels.add(a + w);
      labels.add(w + a);
    }
  }
  for (const w of base.slice(0, 2)) for (const a of affixes) labels.add(`${a}-${w}`);
  const target = seed.targetWebsite.trim();
  const ideas: DomainIdea[] = [];
  for (const label of labels) {
    if (label.length > 63) continue;
    for (const tld of seed.tlds) {
      const checked = checkDomainName(`${label}.${tld}`);
      if (!checked.ok || exclude.has(checked.domain)) continue;
      const language = seed.language ?? 'en';
      const { score, strengths } = scoreName(label, tld, words[0], language);
      ideas.push({
        domain: checked.domain,
        score,
        strengths,
        recommendation: recommendation(score, target, language),
      });
    }
  }
  ideas.sort(
    (a, b) => b.score - a.score || a.domain.length - b.domain.length || a.domain.localeCompare(b.domain),
  );
  return ideas.slice(0, count);
}

/** Model suggestions normalised: registrable names under the asked TLDs, a bare name under each TLD. */
export function normaliseModelIdeas(
  raw: { domain: string; score: number; strengths: string[]; recommendation: string }[],
  tlds: string[],
  exclude: ReadonlySet<string>,
): DomainIdea[] {
  const out = new Map<string, DomainIdea>();
  for (const idea of raw) {
    const name = idea.domain.trim().toLowerCase();
    const candidates = name.includes('.') ? [name] : tlds.map((t) => `${name}.${t}`);
    for (const candidate of candidates) {
      const checked = checkDomainName(candidate);
      if (!checked.ok || exclude.has(checked.domain) || out.has(checked.domain)) continue;
      if (!tlds.includes(domainParts(checked.domain).suffix ?? '')) continue;
      out.set(checked.domain, {
        domain: checked.domain,
        score: Math.max(0, Math.min(10, Math.round(idea.score * 10) / 10)),
        strengths: idea.strengths.slice(0, 4),
        recommendation: idea.recommendation,
      });
    }
  }
  return [...out.values()];
}
