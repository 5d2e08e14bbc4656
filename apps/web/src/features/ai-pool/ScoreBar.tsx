import { Progress } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import { fivePointTone } from '../../lib/score';

/** A score from 0 to 5 as a coloured bar with its value. */
export function ScoreBar({ score, label }: { score: number; label?: string }) {
  const { t } = useLingui();
  const shown = formatNumber(score, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span className="inline-flex items-center gap-2">
      <Progress
        value={(Math.min(5, Math.max(0, score)) / 5) * 100}
        tone={fivePointTone(score)}
        size="sm"
        className="w-20"
        aria-label={label ?? t`Outcome score`}
        aria-valuetext={t`${shown} of 5`}
      />
      <span className="text-xs font-medium tabular-nums">{shown}/5</span>
    </span>
  );
}
