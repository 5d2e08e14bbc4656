import { TIME_METRICS, type MetricType } from '@blogfleet/validators';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { formatNumber, formatPercent } from '../../lib/format';

export const isTimeMetric = (type: MetricType) => TIME_METRICS.includes(type);

/**
 * doc2 §9: times are measured in seconds and shown in minutes (÷ 60, rounded); the scores and rates are
 * percentages shown with one decimal.
 */
export function useMetricFormat() {
  const { t } = useLingui();
  return useMemo(() => {
    const minutes = (seconds: number) => Math.round(seconds / 60);
    const percent = (value: number) => formatPercent(value, 1, true);
    return {
      /** In the chart, times are plotted in minutes. */
      plotted: (type: MetricType, value: number) => (isTimeMetric(type) ? value / 60 : value),
      value: (type: MetricType, value: number) => {
        if (!isTimeMetric(type)) return percent(value);
        const m = minutes(value);
        return t({ message: plural(m, { one: '# minute', other: '# minutes' }) });
      },
      /** A plotted value (minutes or percent) on the axis or in the tooltip. */
      axis: (type: MetricType, plottedValue: number) => {
        if (!isTimeMetric(type)) return percent(plottedValue);
        const m = formatNumber(plottedValue, { maximumFractionDigits: 2 });
        return t`${m} min`;
      },
    };
  }, [t]);
}
