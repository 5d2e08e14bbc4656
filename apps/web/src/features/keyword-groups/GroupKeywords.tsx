import { Badge, Spinner } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** The expanded row of a group: its keywords with their metrics, loaded when first opened (doc2 §2). */
export function GroupKeywords({ groupId }: { groupId: number }) {
  const { t } = useLingui();
  const detail = trpc.keywordGroups.get.useQuery({ id: groupId });
  if (detail.isLoading) return <Spinner size="sm" label={t`Loading keywords…`} />;
  if (detail.isError) {
    return (
      <p className="text-sm text-danger-strong">
        <Trans>Failed to fetch keywords</Trans>
      </p>
    );
  }
  const group = detail.data!.group;
  const competition = (level: string | null) =>
    level === 'low' ? t`Low` : level === 'medium' ? t`Medium` : level === 'high' ? t`High` : '—';
  return (
    <div className="flex flex-col gap-3" data-testid={`group-keywords-${groupId}`}>
      {group.keywords.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>This group has no keywords yet. Edit it to add some.</Trans>
        </p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{t`Keywords of ${group.name}`}</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1 pr-3 font-medium">{t`Keyword`}</th>
              <th className="py-1 pr-3 text-right font-medium">{t`Volume`}</th>
              <th className="hidden py-1 pr-3 font-medium sm:table-cell">{t`Competition`}</th>
              <th className="py-1 text-right font-medium">{t`Score`}</th>
            </tr>
          </thead>
          <tbody>
            {group.keywords.map((k) => (
              <tr key={k.id} className="border-t border-border">
                <td className="py-1.5 pr-3 break-words">
                  {k.keyword_text}{' '}
                  {k.id === group.primary_keyword_id && (
                    <Badge variant="primary">
                      <Trans>Primary</Trans>
                    </Badge>
                  )}
                </td>
                <td className="py-1.5 pr-3 text-right tabular-nums">
                  {k.search_volume === null ? '—' : formatNumber(k.search_volume)}
                </td>
                <td className="hidden py-1.5 pr-3 sm:table-cell">{competition(k.competition_level)}</td>
                <td className="py-1.5 text-right tabular-nums">
                  {formatNumber(k.score, { maximumFractionDigits: 1 })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {group.sites.length > 0 && (
        <p className="text-sm text-muted-foreground">
          <Trans>Assigned to</Trans>{' '}
          {group.sites
            .map((s) => (s.status === 'active' ? s.domain_name : `${s.domain_name} (${t`inactive`})`))
            .join(', ')}
        </p>
      )}
    </div>
  );
}
