import { accountRouter } from './routers/account';
import { authRouter } from './routers/auth';
import { dashboardRouter } from './routers/dashboard';
import { settingsRouter } from './routers/settings';
import { usersRouter } from './routers/users';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  dashboard: dashboardRouter,
  account: accountRouter,
  settings: settingsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
