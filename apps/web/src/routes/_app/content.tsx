import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '../../features/content/ContentPage';
import { contentQuery, validateContentSearch } from '../../features/content/content-search';

export const Route = createFileRoute('/_app/content')({
  validateSearch: validateContentSearch,
  loaderDeps: ({ search }) => contentQuery(search),
  // Settled, not all: a failed prefetch lets the screen show its own error message.
  loader: ({ context, deps }) =>
    Promise.allSettled([
      context.trpc.content.list.ensureData(deps),
      context.trpc.sites.options.ensureData({}),
    ]),
  component: ContentPage,
});
