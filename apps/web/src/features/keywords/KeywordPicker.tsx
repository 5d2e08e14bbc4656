import { Badge, Checkbox, Input, Select, Spinner } from '@blogfleet/ui';
import type { ListKeywordsQuery } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';

export interface PickedKeyword {
  id: number;
  keyword_text: string;
}

interface Props {
  /** Accessible name of the result list. */
  label: string;
  selected: PickedKeyword[];
  onChange(next: PickedKeyword[]): void;
  /** Websites to filter by; the filter is hidden without any. */
  websites?: string[];
  defaultWebsite?: string;
  /** Fixed filters of the list call (e.g. only unassigned keywords). */
  filter?: Partial<Pick<ListKeywordsQuery, 'unassigned' | 'status'>>;
  /** Shown on each selected chip after the text (e.g. a "primary" toggle). */
  chipExtra?: (keyword: PickedKeyword, index: number) => ReactNode;
  error?: string;
}

const RESULTS = 20;

/**
 * Keywords chosen from the server's list by search: the best scored first, each with its metrics; the
 * chosen ones stay above as chips (in the order chosen) across searches.
 */
export function KeywordPicker({
  label,
  selected,
  onChange,
  websites = [],
  defaultWebsite,
  filter,
  chipExtra,
  error,
}: Props) {
  const { t } = useLingui();
  const errorId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [website, setWebsite] = useState(defaultWebsite ?? 'all');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const list = trpc.keywords.list.useQuery(
    {
      limit: RESULTS,
      sort: 'score',
      order: 'desc',
      search: search || undefined,
      targetWebsite: website === 'all' ? undefined : website,
      ...filter,
    },
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.data ?? [];
  const chosen = new Set(selected.map((k) => k.id));
  const toggle = (k: PickedKeyword, on: boolean) =>
    onChange(
      on ? [...selected, { id: k.id, keyword_text: k.keyword_text }] : selected.filter((s) => s.id !== k.id),
    );
  const competition = (level: string | null) =>
    level === 'low' ? t`Low` : level === 'medium' ? t`Medium` : level === 'high' ? t`High` : '—';

  return (
    <div className="flex flex-col gap-2">
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t`Selected keywords`}>
          {selected.map((k, i) => (
            <li key={k.id}>
              <Badge variant="outline" className="gap-1.5 py-1 pr-1 text-sm font-normal whitespace-normal">
                <span className="break-all">{k.keyword_text}</span>
                {chipExtra?.(k, i)}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-muted"
                  aria-label={t`Remove ${k.keyword_text}`}
                  onClick={() => toggle(k, false)}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            className="pl-8"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t`Search keywords`}
            aria-label={t`Search keywords`}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        {websites.length > 0 && (
          <div className="sm:w-52">
            <Select
              aria-label={t`Website`}
              value={website}
              onValueChange={setWebsite}
              options={[
                { value: 'all', label: t`All websites` },
                ...websites.map((w) => ({ value: w, label: w })),
              ]}
            />
          </div>
        )}
      </div>
      <div
        className="max-h-64 overflow-y-auto rounded-md border border-border"
        role="group"
        aria-label={label}
        aria-busy={list.isFetching}
      >
        {list.isLoading ? (
          <div className="flex justify-center p-4">
            <Spinner size="sm" label={t`Loading…`} />
          </div>
        ) : list.isError ? (
          <p className="p-3 text-sm text-danger-strong">
            <Trans>Failed to fetch keywords</Trans>
          </p>
        ) : rows.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">
            <Trans>No keywords found.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {rows.map((k) => (
              <li key={k.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted/60">
                  <Checkbox checked={chosen.has(k.id)} onCheckedChange={(on) => toggle(k, on === true)} />
                  <span className="min-w-0 flex-1">
                    <span className="block break-words">{k.keyword_text}</span>
                    <span className="block text-xs text-muted-foreground">
                      {k.target_website} · <Trans>Volume</Trans>{' '}
                      {k.search_volume === null ? '—' : formatNumber(k.search_volume)} ·{' '}
                      <Trans>Competition</Trans> {competition(k.competition_level)} · <Trans>Score</Trans>{' '}
                      {formatNumber(k.score, { maximumFractionDigits: 1 })}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      {(list.data?.pagination.total ?? 0) > RESULTS && (
        <p className="text-xs text-muted-foreground">
          <Trans>Showing the {RESULTS} best scored; search to find others.</Trans>
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-strong">
          {error}
        </p>
      )}
    </div>
  );
}
