import { Line, LineChart, YAxis } from 'recharts';

/** A tiny line of a site's visitors over the range, drawn at a fixed size for table cells. */
export default function Sparkline({ values, label }: { values: number[]; label: string }) {
  const data = values.map((v, i) => ({ i, v }));
  return (
    <div role="img" aria-label={label}>
      <LineChart width={120} height={32} data={data} margin={{ top: 2, right: 2, bottom: 2, left: 2 }}>
        <YAxis hide domain={[0, 'dataMax']} />
        <Line
          dataKey="v"
          stroke="var(--color-primary)"
          strokeWidth={1.5}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}
