// The lazily loaded half of lib/schemas.ts: the schemas route files and the login form need at run time.
// Named one by one, so the chunk carries only these (and zod), not every form's rules.
export {
  listContentInput,
  listDomainsInput,
  listKeywordGroupsInput,
  listKeywordsInput,
  listSitesInput,
  listUsersInput,
  loginInput,
} from '@blogfleet/validators';
export { zodResolver } from '@hookform/resolvers/zod';
// The content pool's ideas and posts pages.
export { listIdeasInput, listPostsInput } from '@blogfleet/validators';
// The AI content pool's tabs (features/ai-pool/ai-pool-search.ts).
export { listDecisionsInput, listMetricsInput, listPoliciesInput } from '@blogfleet/validators';
