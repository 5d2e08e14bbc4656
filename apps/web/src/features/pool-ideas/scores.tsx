import { Progress } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import { fivePointTone } from '../../lib/score';

interface Score {
  label: string;
  value: number | null;
}

/** Labelled 0–5 bars (quality, SEO, relevance), or a dash while the evaluator has not scored. */
export function ScoreBars({ scores }: { scores: Score[] }) {
  const { t } = useLingui();
  if (scores.every((s) => s.value === null))
    return <span className="text-muted-foreground">{t`Not evaluated yet`}</span>;
  return (
    <div className="grid w-full max-w-52 min-w-36 grid-cols-[auto_minmax(2.5rem,1fr)_auto] items-center gap-x-2 gap-y-1 text-xs">
      {scores.map(({ label, value }) => {
        const shown = value === null ? '—' : formatNumber(value, { maximumFractionDigits: 1 });
        return (
          <div key={label} className="contents">
            <span className="text-muted-foreground">{label}</span>
            <Progress
              size="sm"
              value={value === null ? 0 : (value / 5) * 100}
              tone={value === null ? 'gray' : fivePointTone(value)}
              aria-label={t`${label}: ${shown} of 5`}
            />
            <span className="text-right font-medium tabular-nums">{shown}</span>
          </div>
        );
      })}
    </div>
  );
}
