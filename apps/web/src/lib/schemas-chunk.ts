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
