import { Button, FormField, Input, Select, Switch, Textarea } from '@blogfleet/ui';
import {
  AFFIXES_ADDED_AT_ONCE,
  DISCOVERY_DEFAULTS,
  DISCOVERY_MAX_PRICE_PICKS,
  DISCOVERY_MAX_PRICE_RANGE,
  DISCOVERY_SEARCH_LIMITS,
  SUGGESTED_AFFIXES,
  TLD_LIST_PRICES,
} from '@blogfleet/validators/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPrice } from '../domains/domain-columns';

export interface DiscoveryFormValues {
  targetWebsite: string;
  prompt: string;
  tlds: string[];
  sampleDomains: string;
  cheapDomainsOnly: boolean;
  maxPrice: number;
  searchLimit: (typeof DISCOVERY_SEARCH_LIMITS)[number];
  words: string[];
}

export const DISCOVERY_FORM_DEFAULTS: DiscoveryFormValues = {
  targetWebsite: '',
  prompt: '',
  tlds: [...DISCOVERY_DEFAULTS.tlds],
  sampleDomains: '',
  cheapDomainsOnly: DISCOVERY_DEFAULTS.cheapDomainsOnly,
  maxPrice: DISCOVERY_DEFAULTS.maxPrice,
  searchLimit: DISCOVERY_DEFAULTS.searchLimit,
  words: [],
};

interface Props {
  values: DiscoveryFormValues;
  onChange(values: DiscoveryFormValues): void;
  onSubmit(): void;
  busy: boolean;
  targets: string[];
}

/** The inputs of doc2 §2 discovery with the defaults of doc2 §9. */
export function DiscoveryForm({ values, onChange, onSubmit, busy, targets }: Props) {
  const { t } = useLingui();
  const [word, setWord] = useState('');
  const listId = useId();
  const set = (patch: Partial<DiscoveryFormValues>) => onChange({ ...values, ...patch });
  const addWord = (w: string) => {
    const clean = w
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    if (clean && !values.words.includes(clean) && values.words.length < 30)
      set({ words: [...values.words, clean] });
  };
  const unused = SUGGESTED_AFFIXES.filter((w) => !values.words.includes(w));
  const toggleTld = (tld: string) =>
    set({ tlds: values.tlds.includes(tld) ? values.tlds.filter((x) => x !== tld) : [...values.tlds, tld] });
  const priceOk =
    Number.isFinite(values.maxPrice) &&
    values.maxPrice >= DISCOVERY_MAX_PRICE_RANGE.min &&
    values.maxPrice <= DISCOVERY_MAX_PRICE_RANGE.max;

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          label={t`Target website`}
          required
          hint={t`The site the domain is for, e.g. coffee-gear.example`}
        >
          <Input
            list={listId}
            autoComplete="off"
            value={values.targetWebsite}
            onChange={(e) => set({ targetWebsite: e.target.value })}
          />
        </FormField>
        <datalist id={listId}>
          {targets.map((x) => (
            <option key={x} value={x} />
          ))}
        </datalist>
        <FormField label={t`Sample domains`} hint={t`Names in the style you like, separated by commas`}>
          <Input
            autoComplete="off"
            spellCheck={false}
            value={values.sampleDomains}
            onChange={(e) => set({ sampleDomains: e.target.value })}
          />
        </FormField>
      </div>
      <FormField label={t`Prompt`} hint={t`What the site is about and who it is for`}>
        <Textarea rows={2} value={values.prompt} onChange={(e) => set({ prompt: e.target.value })} />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>TLDs</Trans>
        </legend>
        <div className="flex flex-wrap gap-2">
          {Object.entries(TLD_LIST_PRICES).map(([tld, price]) => {
            const on = values.tlds.includes(tld);
            return (
              <Button
                key={tld}
                type="button"
                size="sm"
                variant={on ? 'primary' : 'outline'}
                aria-pressed={on}
                onClick={() => toggleTld(tld)}
                title={t`List price ${formatPrice(price)} a year`}
              >
                .{tld}
              </Button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Prefix and suffix words</Trans>
        </legend>
        <div className="flex flex-wrap items-center gap-2" data-testid="discovery-words">
          {values.words.map((w) => (
            <span
              key={w}
              className="inline-flex items-center gap-1 rounded-full border border-border px-2.5 py-1 text-sm"
            >
              {w}
              <button
                type="button"
                className="rounded-full text-muted-foreground hover:text-foreground"
                aria-label={t`Remove ${w}`}
                onClick={() => set({ words: values.words.filter((x) => x !== w) })}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </span>
          ))}
          <Input
            className="h-9 w-36"
            aria-label={t`Add a word`}
            placeholder={t`Add a word`}
            value={word}
            onChange={(e) => setWord(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ',') {
                e.preventDefault();
                addWord(word);
                setWord('');
              }
            }}
          />
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={unused.length === 0}
            onClick={() =>
              set({ words: [...values.words, ...unused.slice(0, AFFIXES_ADDED_AT_ONCE)].slice(0, 30) })
            }
          >
            <Plus className="size-4" aria-hidden />
            <Trans>Add suggested words</Trans>
          </Button>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3 sm:items-start">
        <FormField label={t`Cheap domains only`} layout="inline" className="sm:pt-8">
          <Switch checked={values.cheapDomainsOnly} onCheckedChange={(v) => set({ cheapDomainsOnly: v })} />
        </FormField>
        <FormField
          label={t`Max price (USD)`}
          error={priceOk ? undefined : t`Max price is 1 to 500`}
          hint={
            <span className="flex gap-1">
              {DISCOVERY_MAX_PRICE_PICKS.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="rounded border border-border px-1.5 text-xs hover:bg-muted"
                  onClick={() => set({ maxPrice: p, cheapDomainsOnly: true })}
                >
                  {formatPrice(p)}
                </button>
              ))}
            </span>
          }
        >
          <Input
            type="number"
            inputMode="decimal"
            min={DISCOVERY_MAX_PRICE_RANGE.min}
            max={DISCOVERY_MAX_PRICE_RANGE.max}
            disabled={!values.cheapDomainsOnly}
            value={Number.isFinite(values.maxPrice) ? values.maxPrice : ''}
            onChange={(e) => set({ maxPrice: e.target.value === '' ? NaN : Number(e.target.value) })}
          />
        </FormField>
        <FormField label={t`Search limit`}>
          <Select
            aria-label={t`Search limit`}
            value={String(values.searchLimit)}
            onValueChange={(v) => set({ searchLimit: Number(v) as DiscoveryFormValues['searchLimit'] })}
            options={DISCOVERY_SEARCH_LIMITS.map((n) => ({ value: String(n), label: String(n) }))}
          />
        </FormField>
      </div>
      <div>
        <Button type="submit" loading={busy} disabled={!priceOk || values.tlds.length === 0}>
          <Search className="size-4" aria-hidden />
          <Trans>Discover domains</Trans>
        </Button>
      </div>
    </form>
  );
}
