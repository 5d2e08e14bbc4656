import { cn } from '@blogfleet/ui';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS colour (a design token variable). */
  color: string;
  /** Oldest first; `day` is YYYY-MM-DD (UTC), or any key sorting in time (an ISO time) with `formatLabel`. */
  points: { day: string; value: number }[];
}

export interface TrendChartProps {
  series: ChartSeries[];
  /** The value as a tooltip shows it. */
  formatValue(value: number): string;
  /** The value as the axis shows it (short). */
  formatTick(value: number): string;
  /** Accessible name of the chart. */
  label: string;
  /**
   * How a point's `day` is shown on the axis (short) and in the tooltip (long); by default as a day, so
   * points of another step (hourly checks: ISO times) pass their own.
   */
  formatLabel?: { tick(day: string): string; tooltip(day: string): string };
  /** The value axis reaches at least this far (100 for percentages), so tiny values do not fill it. */
  minTop?: number;
  height?: number;
  className?: string;
}

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** Days are shown the Turkish way whatever the language, like every date of the console (core §9). */
const shortDay = (day: string) =>
  new Date(dayTime(day)).toLocaleDateString('tr-TR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const longDay = (day: string) =>
  new Date(dayTime(day)).toLocaleDateString('tr-TR', { dateStyle: 'medium', timeZone: 'UTC' });
const DAY_LABELS = { tick: shortDay, tooltip: longDay };

/**
 * Daily values as lines (recharts): days (or the points' own times) on the axis, a zero-based value
 * axis, values on hover.
 */
export default function TrendChart({
  series,
  formatValue,
  formatTick,
  label,
  formatLabel = DAY_LABELS,
  minTop = 0,
  height = 220,
  className,
}: TrendChartProps) {
  const byDay = new Map<string, Record<string, number | string>>();
  for (const s of series) {
    for (const p of s.points) {
      const row = byDay.get(p.day) ?? { day: p.day };
      row[s.key] = p.value;
      byDay.set(p.day, row);
    }
  }
  const data = [...byDay.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)));
  return (
    <div role="img" aria-label={label} className={cn('w-full min-w-0', className)} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={(day) => formatLabel.tick(String(day))}
            tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
            minTickGap={24}
            stroke="var(--color-border)"
          />
          <YAxis
            width={48}
            allowDecimals={false}
            domain={[0, (max: number) => Math.max(max, minTop)]}
            tickFormatter={formatTick}
            tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
            stroke="var(--color-border)"
          />
          <Tooltip
            labelFormatter={(day) => formatLabel.tooltip(String(day))}
            formatter={(value) => formatValue(Number(value))}
            contentStyle={{
              background: 'var(--color-surface)',
              border: '1px solid var(--color-border)',
              borderRadius: 8,
              fontSize: 13,
            }}
          />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 13 }} />}
          {series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={data.length <= 31 ? { r: 2 } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
