import { Card, CardContent, CardHeader, CardTitle, cn, focusRing } from '@blogfleet/ui';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
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
  /** The list behind the figures; the card's title links to it. */
  to: string;
  linkLabel: string;
  /** Counts lead with a large total; cards of equal-weight figures (scores) do not. */
  emphasizeFirst?: boolean;
}

export function StatCard({ title, icon, lines, to, linkLabel, emphasizeFirst = true }: StatCardProps) {
  return (
    <Card className="relative transition-colors hover:border-primary/40">
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle as="h2" className="text-base">
          {/* The link's box covers the card, so the whole card is one tap target. */}
          <Link
            to={to}
            aria-label={linkLabel}
            className={cn('after:absolute after:inset-0 after:rounded-lg', focusRing)}
          >
            {title}
          </Link>
        </CardTitle>
        <span className="flex items-center gap-1 text-muted-foreground">
          {icon}
          <ChevronRight className="size-4" aria-hidden />
        </span>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-1.5">
          {lines.map((line, i) => (
            <div key={i} className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-sm text-muted-foreground">{line.label}</dt>
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
