import {
  listDomains,
  listIdeas,
  listKeywordGroups,
  listKeywords,
  listPosts,
  listSites,
  listUsers,
  type ApiDeps,
} from '@blogfleet/api';
import {
  listDomainsInput,
  listIdeasInput,
  listKeywordGroupsInput,
  listKeywordsInput,
  listPostsInput,
  listSitesInput,
  listUsersInput,
} from '@blogfleet/validators';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The baseline: a minimal Fastify instance (no auth, no envelope, no output check) whose routes run
 * the very services behind users.list, domains.list, sites.list, keywords.list, keywordGroups.list,
 * aiPool.ideas.list and aiPool.posts.list, so the ratios measure only what tRPC, REST and auth add.
 */
export async function startBareTarget(db: ApiDeps['db']): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get('/users', (req) => listUsers({ db }, listUsersInput.parse(req.query)));
  app.get('/domains', (req) => listDomains({ db }, listDomainsInput.parse(req.query)));
  app.get('/sites', (req) => listSites({ db }, listSitesInput.parse(req.query)));
  app.get('/keywords', (req) => listKeywords({ db }, listKeywordsInput.parse(req.query)));
  app.get('/keyword-groups', (req) => listKeywordGroups({ db }, listKeywordGroupsInput.parse(req.query)));
  app.get('/ai-content-pool/ideas', (req) => listIdeas({ db }, listIdeasInput.parse(req.query)));
  app.get('/ai-content-pool/posts', (req) => listPosts({ db }, listPostsInput.parse(req.query)));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: address };
}
