import { Card, CardContent, CardHeader, CardTitle } from '@blogfleet/ui';
import type { ReactNode } from 'react';

export interface StatLine {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
}

interface StatCardProps {
  title: ReactNode;
  icon: ReactNode;
  lines: StatLine[];
  /** Counts lead with a large total; cards of equal-weight figures (scores) do not. */
  emphasizeFirst?: boolean;
}

export function StatCard({ title, icon, lines, emphasizeFirst = true }: StatCardProps) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <span className="text-slate-400">{icon}</span>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-1.5">
          {lines.map((line, i) => (
            <div key={i} className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-sm text-slate-600">{line.label}</dt>
              <dd
                className={`shrink-0 whitespace-nowrap ${i === 0 && emphasizeFirst ? 'text-2xl font-semibold' : 'text-lg font-semibold'}`}
                data-testid={line.testId}
              >
                {line.value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
