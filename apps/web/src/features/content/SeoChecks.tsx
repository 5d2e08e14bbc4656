import { Badge } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import type { ContentRow } from './use-content';

type Check = ContentRow['seo_checks'][number];

/** The expanded row: each check of the SEO checker (docs/seo-checker.md), what it found and its points. */
export function SeoChecks({ item }: { item: ContentRow }) {
  const { t } = useLingui();
  const n = (v: unknown, digits = 1) => formatNumber(Number(v ?? 0), { maximumFractionDigits: digits });
  const match = (m: unknown) =>
    m === 'phrase' ? t`found as a phrase` : m === 'words' ? t`its words, not as a phrase` : t`not found`;
  const describe = (c: Check): { label: string; found: string; best: string } => {
    const d = c.detail;
    switch (c.id) {
      case 'keyword_in_title':
        return {
          label: t`Focus keyword in the title`,
          found: match(d.match),
          best: t`the keyword as a phrase`,
        };
      case 'keyword_in_headings': {
        const headings = n(d.headings, 0);
        return {
          label: t`Focus keyword in a heading`,
          found: t`${match(d.match)} (${headings} headings)`,
          best: t`in an h2–h4 heading`,
        };
      }
      case 'keyword_density': {
        const percent = n(d.percent);
        return { label: t`Keyword density`, found: t`${percent} % of the words`, best: '0.5–2.5 %' };
      }
      case 'length': {
        const words = n(d.words, 0);
        return { label: t`Length`, found: t`${words} words`, best: t`600 words or more` };
      }
      case 'meta_description': {
        const length = n(d.length, 0);
        return {
          label: t`Meta description`,
          found: d.keyword
            ? t`${length} characters, with the keyword`
            : t`${length} characters, without the keyword`,
          best: t`70–160 characters with the keyword`,
        };
      }
      case 'readability': {
        const words = n(d.words_per_sentence);
        return {
          label: t`Readability`,
          found: t`${words} words per sentence`,
          best: t`20 or fewer per sentence`,
        };
      }
    }
  };
  if (item.seo_checks.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>This piece has not been checked yet. Save it to check it.</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid={`seo-checks-${item.id}`}>
      <p className="text-sm">
        {item.focus_keyword ? (
          <Trans>
            Focus keyword: <strong>{item.focus_keyword}</strong>
          </Trans>
        ) : (
          <Trans>No focus keyword</Trans>
        )}
      </p>
      <table className="w-full text-sm">
        <caption className="sr-only">{t`SEO checks of ${item.title}`}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">{t`Check`}</th>
            <th className="py-1 pr-3 font-medium">{t`Found`}</th>
            <th className="hidden py-1 pr-3 font-medium sm:table-cell">{t`Best`}</th>
            <th className="py-1 text-right font-medium">{t`Points`}</th>
          </tr>
        </thead>
        <tbody>
          {item.seo_checks.map((c) => {
            const d = describe(c);
            const variant = c.points >= c.max ? 'success' : c.points > 0 ? 'warning' : 'danger';
            return (
              <tr key={c.id} className="border-t border-border align-top">
                <td className="py-1.5 pr-3">{d.label}</td>
                <td className="py-1.5 pr-3 text-muted-foreground">{d.found}</td>
                <td className="hidden py-1.5 pr-3 text-muted-foreground sm:table-cell">{d.best}</td>
                <td className="py-1.5 text-right">
                  <Badge variant={variant} className="tabular-nums">
                    {n(c.points, 2)}/{n(c.max, 1)}
                  </Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
