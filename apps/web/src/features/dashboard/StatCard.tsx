import { Card, CardContent, CardHeader, CardTitle } from '@blogfleet/ui';
import type { ReactNode } from 'react';

export interface StatLine {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
}

export function StatCard({ title, icon, lines }: { title: ReactNode; icon: ReactNode; lines: StatLine[] }) {
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
              <dt className="text-sm text-slate-600">{line.label}</dt>
              <dd className={i === 0 ? 'text-2xl font-semibold' : 'font-medium'} data-testid={line.testId}>
                {line.value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
