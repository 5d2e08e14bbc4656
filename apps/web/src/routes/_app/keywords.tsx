import { createFileRoute } from '@tanstack/react-router';
import { KeywordsPage } from '../../features/keywords/KeywordsPage';
import { keywordsQuery, validateKeywordsSearch } from '../../features/keywords/keywords-search';

/** The keywords screen (doc2 §2, per site): the keywords list with group assignment to a website. */
export const Route = createFileRoute('/_app/keywords')({
  validateSearch: validateKeywordsSearch,
  loaderDeps: ({ search }) => keywordsQuery(search),
  // Settled, not all: a failed prefetch lets the screen show its own error message.
  loader: ({ context, deps }) =>
    Promise.allSettled([
      context.trpc.keywords.list.ensureData(deps),
      context.trpc.keywords.websites.ensureData(),
    ]),
  component: () => <KeywordsPage perSite />,
});
