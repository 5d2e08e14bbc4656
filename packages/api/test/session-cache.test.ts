import { SessionCache } from '@blogfleet/api';
import { createDb, localNotifier, type DbHandle } from '@blogfleet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let h: DbHandle;
beforeAll(async () => {
  h = await createDb({ dataDir: 'memory://' });
});
afterAll(() => h?.close());

/** A change with nothing to write: only the forgetting and the message. */
const change = (cache: SessionCache, c: { userId: number } | { family: string }) =>
  cache.change(h.db, c, async () => undefined);

const user = { id: 7, role: 'user' as const, sessionFamily: '00000000-0000-4000-8000-000000000007' };
const later = Date.now() + 3_600_000;

describe('SessionCache', () => {
  it('does not keep an answer that a session check read before a change to that user', async () => {
    const cache = new SessionCache(localNotifier());
    // A request starts its check, then an admin deactivates the user, then the check comes back "live".
    const generation = cache.generation();
    await change(cache, { userId: 7 });
    cache.set('token-a', user, later, generation);
    expect(cache.get('token-a')).toBeNull();
    // A check that started after the change may store its answer.
    cache.set('token-a', user, later, cache.generation());
    expect(cache.get('token-a')).toEqual(user);
  });

  it("forgets a user's or a family's tokens when they change, and only those", async () => {
    const cache = new SessionCache(localNotifier());
    const other = { id: 8, role: 'admin' as const, sessionFamily: '00000000-0000-4000-8000-000000000008' };
    cache.set('a', user, later, cache.generation());
    cache.set('b', other, later, cache.generation());
    await change(cache, { family: user.sessionFamily });
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toEqual(other);
    await change(cache, { userId: 8 });
    expect(cache.get('b')).toBeNull();
  });

  it('never serves a token past its own expiry', () => {
    const cache = new SessionCache(localNotifier());
    cache.set('soon', user, Date.now() - 1, cache.generation());
    expect(cache.get('soon')).toBeNull();
  });

  it('serves nothing while its notifier cannot promise delivery', () => {
    let healthy = true;
    const notifier = { ...localNotifier(), healthy: () => healthy };
    const cache = new SessionCache(notifier);
    cache.set('t', user, later, cache.generation());
    healthy = false;
    expect(cache.get('t')).toBeNull();
  });
});
