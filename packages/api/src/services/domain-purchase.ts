import { isIntegrationError, type IntegrationError } from '@blogfleet/integrations/errors';
import { createRegistrar } from '@blogfleet/integrations/registrar';
import { sql, type DomainsTable, type Selectable } from '@blogfleet/db';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { toDomainView, type DomainView } from './domain-view';
import { integrationConfig } from './integration-config';
import { keyedLock } from './keyed-lock';
import { notifyUsers } from './notifications';
import { purchasedNotification } from './notifications-jobs';

/** A caller, or a job acting for the user who started it (null when nobody did). */
type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & { user: { id: number } | null };
type DomainRow = Selectable<DomainsTable>;
/** notifyBuyer: tell the caller it was bought (a bulk purchase's job tells them once, for all). */
interface PurchaseOptions {
  notifyBuyer?: boolean;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A refusal the user can act on (spec: "Domain purchase failed: {message}"), audited as a failed attempt. */
async function refuse(
  ctx: Ctx,
  row: DomainRow,
  type: 'insufficient_balance' | 'unavailable' | 'no_price' | 'refused',
  message: string,
  extra: Record<string, unknown> = {},
): Promise<never> {
  await audit(ctx, {
    action: 'domain.purchase_failed',
    subjectType: 'domain',
    subjectId: row.id,
    details: { domain: row.domain_name, type, message },
  });
  throw new AppError('PURCHASE_FAILED', message, { type, domain: row.domain_name, ...extra });
}

async function record(
  ctx: Ctx,
  row: DomainRow,
  bought: { provider: string; priceCents: number | null; expiresAt: Date | null; recovered: boolean },
  opts: PurchaseOptions,
): Promise<DomainView> {
  const now = new Date();
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('domains')
      .set({
        status: 'purchased',
        registrar: bought.provider,
        price_cents: bought.priceCents,
        purchased_at: now,
        expires_at: bought.expiresAt ?? new Date(now.getTime() + YEAR_MS),
        updated_at: now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'domain.purchase',
        subjectType: 'domain',
        subjectId: row.id,
        details: { domain: row.domain_name, priceCents: bought.priceCents, recovered: bought.recovered },
      },
    );
    if (opts.notifyBuyer && ctx.user) {
      await notifyUsers(trx, [ctx.user.id], {
        ...purchasedNotification([row.domain_name]),
        link: '/domains',
        subjectType: 'domain',
        subjectId: row.id,
      });
    }
    return toDomainView(updated);
  });
}

/** Refused attempts so far: each starts a fresh idempotency key, while a lost answer keeps the old one. */
async function failedAttempts(ctx: Ctx, id: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('audit_log')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('subject_type', '=', 'domain')
    .where('subject_id', '=', String(id))
    .where('action', '=', 'domain.purchase_failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Buys a domain from the configured registrar. Never twice: the account's own list is asked first (an
 * earlier attempt whose answer was lost is recorded, not repeated), and the purchase carries an
 * idempotency key that stays the same until an attempt is refused. Availability, price and balance are
 * checked before anything is charged.
 */
export function purchaseDomain(ctx: Ctx, id: number, opts: PurchaseOptions = {}): Promise<DomainView> {
  return purchaseLock(String(id), () => purchaseOnce(ctx, id, opts));
}

const purchaseLock = keyedLock();

/** Registrars say "insufficient funds" in their own words (Namecheap: error 2528166). */
const isShortOfFunds = (err: IntegrationError) =>
  err.details?.providerCode === '2528166' || /insufficient (funds|balance)/i.test(err.message);

async function purchaseOnce(ctx: Ctx, id: number, opts: PurchaseOptions): Promise<DomainView> {
  const row = await ctx.db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Domain');
  if (row.status === 'purchased') throw new AppError('VALIDATION_ERROR', 'This domain is already purchased');
  const registrar = createRegistrar(await integrationConfig(ctx, 'registrar'));
  const name = row.domain_name;

  const owned = (await registrar.listOwned()).find((d) => d.domain === name);
  if (owned) {
    return record(
      ctx,
      row,
      {
        provider: registrar.provider,
        priceCents: row.price_cents ?? row.estimated_price_cents,
        expiresAt: owned.expiresAt,
        recovered: true,
      },
      opts,
    );
  }

  const check = await registrar.checkDomain(name);
  if (!check.available) {
    // Another process may have bought it a moment ago: that is ours, not taken.
    const taken = await ctx.db
      .updateTable('domains')
      .set({ status: 'taken', updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '<>', 'purchased')
      .returning('id')
      .executeTakeFirst();
    if (!taken) throw new AppError('VALIDATION_ERROR', 'This domain is already purchased');
    await refuse(ctx, row, 'unavailable', `${name} is not available for registration`);
  }
  if (check.priceCents === null)
    await refuse(ctx, row, 'no_price', `The registrar gave no price for ${name}`);
  const price = check.priceCents!;

  const preview = await registrar.previewPurchase(name, price);
  if (!preview.sufficientFunds) {
    await refuse(ctx, row, 'insufficient_balance', 'Insufficient balance in your account', {
      costCents: preview.costCents,
      balanceCents: preview.balanceCents,
    });
  }
  if (!preview.wouldSucceed)
    await refuse(ctx, row, 'refused', preview.reason ?? `The registrar would not register ${name}`);

  const key = `blogfleet-domain-${id}-${name}-${await failedAttempts(ctx, id)}`;
  try {
    const bought = await registrar.purchase(name, price, key);
    return await record(
      ctx,
      row,
      {
        provider: registrar.provider,
        priceCents: bought.costCents,
        expiresAt: null,
        recovered: false,
      },
      opts,
    );
  } catch (err) {
    // The registrar answered and said no: a refusal. A timeout or a cut connection is not (the
    // purchase may have happened); the next attempt finds it in the account's list or replays the key.
    if (isIntegrationError(err) && err.kind === 'upstream') {
      if (isShortOfFunds(err)) {
        await refuse(ctx, row, 'insufficient_balance', 'Insufficient balance in your account');
      }
      await refuse(ctx, row, 'refused', err.message);
    }
    throw err;
  }
}
