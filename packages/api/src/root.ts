import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { accountRouter } from './routers/account';
import { aiPoolRouter } from './routers/ai-pool';
import { analyticsRouter } from './routers/analytics';
import { sitePoolRouter } from './routers/site-pool';
import { authRouter } from './routers/auth';
import { cloudflareRouter } from './routers/cloudflare';
import { contentRouter } from './routers/content';
import { creatorRouter } from './routers/creator';
import { dashboardRouter } from './routers/dashboard';
import { domainsRouter } from './routers/domains';
import { jobsRouter } from './routers/jobs';
import { keywordGroupsRouter } from './routers/keyword-groups';
import { keywordsRouter } from './routers/keywords';
import { notificationsRouter } from './routers/notifications';
import { settingsRouter } from './routers/settings';
import { sitesRouter } from './routers/sites';
import { usersRouter } from './routers/users';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  domains: domainsRouter,
  cloudflare: cloudflareRouter,
  creator: creatorRouter,
  dashboard: dashboardRouter,
  jobs: jobsRouter,
  account: accountRouter,
  settings: settingsRouter,
  sites: sitesRouter,
  keywords: keywordsRouter,
  keywordGroups: keywordGroupsRouter,
  content: contentRouter,
  aiPool: aiPoolRouter,
  sitePool: sitePoolRouter,
  notifications: notificationsRouter,
  analytics: analyticsRouter,
});

export type AppRouter = typeof appRouter;
/** Inputs and outputs of every procedure, for typed callers (the web app, internal tools). */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
