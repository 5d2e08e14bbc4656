/**
 * What every test and the bench use to run Blogfleet: free ports, test configuration, the app in
 * process, the built server as a process, a database of its own, HTTP helpers, Chromium, a fault proxy.
 */
export { freePort } from './ports';
export { ADMIN, testConfig } from './config';
export { api, login } from './http';
export { startTestApp, type TestApp, type RestOptions, type RestResponse, type Envelope } from './in-process';
export {
  spawnServer,
  startBuiltServer,
  builtAppMissing,
  REPO,
  SERVER_BUNDLE,
  WEB_INDEX,
  type ServerProcess,
  type RunningServer,
  type SpawnOptions,
} from './process';
export {
  browserSuiteBlocker,
  launchChromium,
  capture,
  openSignedIn,
  pageRest,
  CHROMIUM,
  SCREENS_DIR,
} from './browser';
export { startFaultProxy, type FaultProxy } from './tcp-proxy';
export { trpcClient } from './trpc-client';
export { createTestDb, createTestDatabaseUrl } from '@blogfleet/db/testing';
export { buildApp } from '../src/app';
export { LARGE_BODIES_AT_ONCE } from '../src/plugins/rest';
export { loadConfig, type Config } from '../src/config';
export { startQueue } from '../src/jobs/queue';
export { startJobWorkers } from '../src/jobs/workers';
