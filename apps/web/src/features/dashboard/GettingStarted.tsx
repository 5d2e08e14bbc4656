import type { RouterOutputs } from '@blogfleet/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, cn, focusRing } from '@blogfleet/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import { trpc } from '../../lib/trpc';

type Step = keyof RouterOutputs['dashboard']['gettingStarted']['steps'];

/** The set-up path of a new operator, in order, each step on the screen where it is done. */
const STEPS: { step: Step; to: string; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  {
    step: 'integrations',
    to: '/settings',
    label: msg`Configure integrations`,
    hint: msg`Connect your registrar, Cloudflare and an AI model in Settings.`,
  },
  {
    step: 'domain',
    to: '/domains',
    label: msg`Add a domain`,
    hint: msg`Add a domain you own or want to buy.`,
  },
  {
    step: 'site',
    to: '/sites',
    label: msg`Create a site`,
    hint: msg`Provision a WordPress site for the domain.`,
  },
  {
    step: 'keywords',
    to: '/content-pool/keywords',
    label: msg`Add keywords`,
    hint: msg`Import the keywords the agents will write about.`,
  },
];

/** Shown until every step is done; each step ticks itself once what it asks for exists. */
export function GettingStarted() {
  const { i18n } = useLingui();
  const query = trpc.dashboard.gettingStarted.useQuery();
  const steps = query.data?.steps;
  if (!steps || STEPS.every((s) => steps[s.step])) return null;
  const done = STEPS.filter((s) => steps[s.step]).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          <Trans>Getting started</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            No data yet. {done} of {STEPS.length} steps done.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
          {STEPS.map(({ step, to, label, hint }, index) => {
            const complete = steps[step];
            return (
              <li key={step}>
                <Link
                  to={to}
                  data-step={step}
                  data-done={complete ? 'true' : 'false'}
                  className={cn(
                    'flex h-full min-h-10 items-start gap-3 rounded-md border border-border p-3 hover:bg-muted',
                    complete && 'bg-success-soft/40',
                    focusRing,
                  )}
                >
                  {complete ? (
                    <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success-strong" aria-hidden />
                  ) : (
                    <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                  )}
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className={cn('text-sm font-medium', complete && 'line-through decoration-1')}>
                      {index + 1}. {i18n._(label)}
                      <span className="sr-only">
                        {complete ? <Trans>(done)</Trans> : <Trans>(to do)</Trans>}
                      </span>
                    </span>
                    <span className="text-xs text-muted-foreground">{i18n._(hint)}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
