import { z } from 'zod';
import { noNulBytes } from './common';
import { targetWebsiteField } from './domains';
import { DISCOVERY_DEFAULTS, DISCOVERY_MAX_PRICE_RANGE, DISCOVERY_SEARCH_LIMITS } from './constants';

const tld = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^\./, ''))
  .pipe(z.string().regex(/^(?:[a-z]{2,24}|xn--[a-z0-9-]{1,59})$/, 'Enter a TLD such as com or net'));

const word = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(/^[a-z0-9]{1,20}$/, 'Words may hold letters and digits only (up to 20)'));

/** POST domains/discover (doc2 §7) with the defaults of doc2 §9. */
export const discoverInput = z.object({
  targetWebsite: targetWebsiteField,
  prompt: z.string().trim().max(2000).refine(noNulBytes, 'Must not contain NUL characters').optional(),
  customTlds: z
    .array(tld)
    .max(10)
    .default([...DISCOVERY_DEFAULTS.tlds]),
  sampleDomains: z.array(z.string().trim().max(253)).max(20).default([]),
  cheapDomainsOnly: z.boolean().default(DISCOVERY_DEFAULTS.cheapDomainsOnly),
  maxPrice: z
    .number()
    .min(DISCOVERY_MAX_PRICE_RANGE.min, 'Max price is 1 to 500')
    .max(DISCOVERY_MAX_PRICE_RANGE.max, 'Max price is 1 to 500')
    .default(DISCOVERY_DEFAULTS.maxPrice),
  searchLimit: z
    .union(
      DISCOVERY_SEARCH_LIMITS.map((n) => z.literal(n)) as [
        z.ZodLiteral<10>,
        z.ZodLiteral<20>,
        z.ZodLiteral<50>,
        z.ZodLiteral<100>,
      ],
    )
    .default(DISCOVERY_DEFAULTS.searchLimit),
  prefixSuffixList: z.array(word).max(30).default([]),
  /** Language of the strengths and recommendations (the interface's). */
  language: z.enum(['en', 'tr']).default('en'),
  /** "Find new ideas": leave out every domain already suggested for this target website. */
  newOnly: z.boolean().default(false),
});
export type DiscoverInput = z.infer<typeof discoverInput>;

/** Adding the selected ideas to the domains list (status available). */
export const addDiscoveredInput = z.object({
  targetWebsite: targetWebsiteField,
  domains: z.array(z.string().trim().min(1).max(253)).min(1, 'Select domains to add').max(100),
});
export type AddDiscoveredInput = z.infer<typeof addDiscoveredInput>;
