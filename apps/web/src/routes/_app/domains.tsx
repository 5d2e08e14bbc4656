import { createFileRoute } from '@tanstack/react-router';
import { DomainsPage } from '../../features/domains/DomainsPage';
import { domainsQuery, validateDomainsSearch } from '../../features/domains/domains-search';

export const Route = createFileRoute('/_app/domains')({
  validateSearch: validateDomainsSearch,
  loaderDeps: ({ search }) => domainsQuery(search),
  // Settled, not all: a failed prefetch lets the screen show its own error message.
  loader: ({ context, deps }) =>
    Promise.allSettled([
      context.trpc.domains.list.ensureData(deps),
      context.trpc.domains.targets.ensureData(),
    ]),
  component: DomainsPage,
});
