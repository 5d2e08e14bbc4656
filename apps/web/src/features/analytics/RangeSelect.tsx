import { Select } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { ANALYTICS_RANGES, type RangeDays } from './range';

/** Last 7, 30, 90 or 365 days. */
export function RangeSelect({ value, onChange }: { value: RangeDays; onChange(value: RangeDays): void }) {
  const { t } = useLingui();
  return (
    <Select
      aria-label={t`Date range`}
      className="w-44"
      value={String(value)}
      onValueChange={(v) => onChange(Number(v) as RangeDays)}
      options={ANALYTICS_RANGES.map((n) => ({ value: String(n), label: t`Last ${n} days` }))}
    />
  );
}
