import { createFileRoute } from '@tanstack/react-router';
import { IdeasPage } from '../../../features/pool-ideas/IdeasPage';
import { ideasQuery, validateIdeasSearch } from '../../../features/pool-ideas/ideas-search';

export const Route = createFileRoute('/_app/content-pool/ideas')({
  validateSearch: validateIdeasSearch,
  loaderDeps: ({ search }) => ideasQuery(search),
  // Settled, not all: a failed prefetch lets the screen show its own error message.
  loader: ({ context, deps }) =>
    Promise.allSettled([
      context.trpc.aiPool.ideas.list.ensureData(deps),
      context.trpc.sites.options.ensureData({}),
    ]),
  component: IdeasPage,
});
