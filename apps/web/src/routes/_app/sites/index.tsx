import { createFileRoute } from '@tanstack/react-router';
import { SitesPage } from '../../../features/sites/SitesPage';
import { sitesQuery, validateSitesSearch } from '../../../features/sites/sites-search';

export const Route = createFileRoute('/_app/sites/')({
  validateSearch: validateSitesSearch,
  loaderDeps: ({ search }) => sitesQuery(search),
  // Settled, not all: a failed prefetch lets the screen show its own error message.
  loader: ({ context, deps }) => Promise.allSettled([context.trpc.sites.list.ensureData(deps)]),
  component: SitesPage,
});
