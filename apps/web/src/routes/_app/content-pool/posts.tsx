import { createFileRoute } from '@tanstack/react-router';
import { PostsPage } from '../../../features/pool-posts/PostsPage';
import { postsQuery, validatePostsSearch } from '../../../features/pool-posts/posts-search';

export const Route = createFileRoute('/_app/content-pool/posts')({
  validateSearch: validatePostsSearch,
  loaderDeps: ({ search }) => postsQuery(search),
  // Settled, not all: a failed prefetch lets the screen show its own error message.
  loader: ({ context, deps }) => Promise.allSettled([context.trpc.aiPool.posts.list.ensureData(deps)]),
  component: PostsPage,
});
