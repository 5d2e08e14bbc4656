/**
 * Test helpers, exported as `@blogfleet/integrations/registrar/testing` and never from the production
 * entry point.
 */
export { startPorkbunTestServer, type PorkbunTestServer, type PorkbunTestServerOptions } from './server';
export {
  startNamecheapTestServer,
  namecheapErrorXml,
  type NamecheapOwnedDomain,
  type NamecheapTestServer,
  type NamecheapTestServerOptions,
} from './namecheap-server';
