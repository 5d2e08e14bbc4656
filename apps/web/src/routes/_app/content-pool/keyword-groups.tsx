import { createFileRoute } from '@tanstack/react-router';
import { KeywordGroupsPage } from '../../../features/keyword-groups/KeywordGroupsPage';
import {
  keywordGroupsQuery,
  validateKeywordGroupsSearch,
} from '../../../features/keyword-groups/keyword-groups-search';

export const Route = createFileRoute('/_app/content-pool/keyword-groups')({
  validateSearch: validateKeywordGroupsSearch,
  loaderDeps: ({ search }) => keywordGroupsQuery(search),
  // Settled, not all: a failed prefetch lets the screen show its own error message.
  loader: ({ context, deps }) =>
    Promise.allSettled([
      context.trpc.keywordGroups.list.ensureData(deps),
      context.trpc.keywords.websites.ensureData(),
    ]),
  component: KeywordGroupsPage,
});
