/**
 * A player's webhook subscriptions (PBM-1): create (the signing secret is shown once),
 * list, delete, enable again after a failure, ping, and read the delivery log (PBM-3).
 * The URL is checked here too (PBM-5: https on AWS, no credentials, no internal address,
 * by literal, by name or resolved: REL-28), but the check that counts is the sender's, on
 * the address it connects to at delivery.
 */
import { sha256Hex } from '../../../domain/kernel/hash.ts';
import { readableGame } from '../../games/app/access.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { DeliveryLogEntry, HookRecord, Resolve, Subscription } from '../../kernel/ports.ts';
import { notFound, Problem } from '../../kernel/problems.ts';
import { DEFAULT_KINDS, type WebhookFormat, type WebhookKind } from './webhook-messages.ts';
import { pingOnce, type WebhookPolicy } from './webhooks.ts';

export interface NewSubscription {
  readonly url: string;
  readonly gameId?: string | undefined;
  readonly kinds?: readonly WebhookKind[] | undefined;
  readonly format?: WebhookFormat | undefined;
  readonly description?: string | undefined;
  /** The caller's id for this request: a retry with the same id and body answers what the first did. */
  readonly requestId?: string | undefined;
}

/** A subscription as its owner sees it: never the secret. */
export type SubscriptionView = Omit<Subscription, 'playerId'>;

const view = ({ playerId: _owner, ...subscription }: Subscription): SubscriptionView => subscription;

/** A body field the schema accepts but that cannot be used: a 400 with its pointer, like any field error (API-4). */
const invalidUrl = (detail: string) =>
  new Problem(400, 'invalid-webhook-url', 'This URL cannot receive webhooks', detail, { errors: [{ pointer: '/url', detail }] });

/**
 * PBM-5 at registration, and REL-28: the host is checked as at delivery, so a URL that could
 * never be delivered to is refused now rather than disabled at its first delivery. An IP
 * literal is checked as it is, `localhost` (and every name under it) as loopback, and any
 * other name by every address `resolve` gives for it. Delivery checks again: a name can move.
 */
export const checkUrl = async (url: string, policy: WebhookPolicy, resolve?: Resolve): Promise<void> => {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw invalidUrl(`"${url}" is not an absolute URL.`);
  }
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && !policy.requireHttps))
    throw invalidUrl(`Webhook URLs must use https${policy.requireHttps ? '' : ' or http'}, not ${target.protocol.replace(':', '')}.`);
  if (target.username || target.password) throw invalidUrl('Put no user name or password in the URL; deliveries are signed instead.');
  // The address guard loads ipaddr.js, which builds its range tables as it loads: imported when
  // a URL is checked, not by every cold start of the API (PERF-1).
  const { checkHost, firstRefusal } = await import('./address-guard.ts');
  const verdict = checkHost(target.hostname, policy) ?? firstRefusal(await resolved(target.hostname, resolve), policy);
  if (verdict && !verdict.allowed) throw invalidUrl(`${verdict.reason}.`);
};

const resolved = async (hostname: string, resolve: Resolve | undefined): Promise<readonly string[]> => {
  if (!resolve) throw new Error('these deps were built without a resolver: only the API checks webhook URLs');
  try {
    return await resolve(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw invalidUrl(`${hostname} did not resolve (${code}); check the name, and try again once it resolves.`);
  }
};

/** Whether a stored subscription is the one this request asks for (a retry), whatever its state since. */
const sameRequest = (a: Subscription, b: Subscription): boolean =>
  a.url === b.url && a.gameId === b.gameId && a.format === b.format && a.description === b.description && a.kinds.join() === b.kinds.join();

/** A retried creation (same requestId): the first answer again, secret included, for the same body; 409 for another. */
const replay = async (deps: Deps, wanted: Subscription) => {
  const existing = await deps.webhooks.table.get(wanted.playerId, wanted.id);
  if (!existing || !sameRequest(existing.subscription, wanted))
    throw new Problem(409, 'request-id-reused', 'That requestId was used for another webhook', 'Give each new webhook its own requestId.');
  return { created: false, subscription: { ...view(existing.subscription), secret: existing.secret } };
};

/** The new subscription and its secret; `created` is false when this answers a retry. */
export const createSubscription = async (deps: Deps, playerId: string, input: NewSubscription) => {
  const { table, policy } = deps.webhooks;
  await checkUrl(input.url, policy, deps.webhooks.resolve);
  // REL-22: a game the caller may not read (private, and not theirs) is a game that does not exist.
  if (input.gameId !== undefined) await readableGame(deps, input.gameId, playerId);
  const subscription: Subscription = {
    // A retry carries its requestId: the id is derived from it, so the retry finds the first one.
    id: `wh_${input.requestId ? sha256Hex(`${playerId}:${input.requestId}`).slice(0, 20) : deps.randomHex(10)}`,
    playerId,
    url: input.url,
    gameId: input.gameId ?? null,
    kinds: [...new Set(input.kinds ?? DEFAULT_KINDS)],
    format: input.format ?? 'json',
    description: input.description ?? null,
    createdAt: deps.clock().toISOString(),
    enabled: true,
    disabledAt: null,
    disabledReason: null,
  };
  // Standard Webhooks secrets: `whsec_` and 24 to 64 random bytes in base64.
  const secret = `whsec_${Buffer.from(deps.randomHex(32), 'hex').toString('base64')}`;
  const outcome = await table.create(subscription, secret, policy.maxSubscriptions);
  // A retry finds its first subscription, even when the player is at the limit since.
  if (outcome === 'exists') return replay(deps, subscription);
  if (outcome === 'full')
    throw new Problem(
      409,
      'too-many-webhooks',
      'Too many webhooks',
      `A player may have ${policy.maxSubscriptions} webhooks; DELETE /me/webhooks/{id} one you no longer need.`,
    );
  return { created: true, subscription: { ...view(subscription), secret } };
};

export const listSubscriptions = async (deps: Deps, playerId: string) =>
  (await deps.webhooks.table.subscriptions(playerId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(view);

const owned = async (deps: Deps, playerId: string, id: string): Promise<HookRecord> => {
  const record = await deps.webhooks.table.get(playerId, id);
  if (!record) throw notFound(`webhook ${id} of yours; GET /me/webhooks lists them`);
  return record;
};

export const deleteSubscription = async (deps: Deps, playerId: string, id: string): Promise<void> => {
  if (!(await deps.webhooks.table.delete(playerId, id))) throw notFound(`webhook ${id} of yours; GET /me/webhooks lists them`);
};

export const enableSubscription = async (deps: Deps, playerId: string, id: string): Promise<SubscriptionView> => {
  const record = await deps.webhooks.table.update(playerId, id, (current) =>
    current.subscription.enabled
      ? null
      : { ...current, subscription: { ...current.subscription, enabled: true, disabledAt: null, disabledReason: null } },
  );
  if (!record) throw notFound(`webhook ${id} of yours; GET /me/webhooks lists them`);
  return view(record.subscription);
};

export const pingSubscription = async (deps: Deps, playerId: string, id: string) => {
  const { deliveryId, outcome } = await pingOnce(deps, await owned(deps, playerId, id));
  return { deliveryId, delivered: outcome.ok, status: outcome.status, error: outcome.ok ? null : outcome.error };
};

/** The delivery log, newest first. */
export const deliveryLog = async (
  deps: Deps,
  playerId: string,
  id: string,
): Promise<{ subscription: SubscriptionView; deliveries: DeliveryLogEntry[] }> => {
  const record = await owned(deps, playerId, id);
  return { subscription: view(record.subscription), deliveries: [...record.log].reverse() };
};
