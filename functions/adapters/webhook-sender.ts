/**
 * Sends one webhook over HTTP(S), and never to an internal address (PBM-5): the name is
 * resolved (every address; `dns.lookup` in production), each address is checked by the
 * address guard, and the connection goes to the checked address through a pinned `lookup`,
 * so a second resolution cannot swap in another one. No redirect is followed, the whole
 * exchange has a deadline, and at most `maxResponseBytes` of the answer are read.
 */
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { OutgoingWebhook, Resolve, SendOutcome, WebhookSender } from '../kernel/ports.ts';
import type { GuardOptions } from '../notifications/app/address-guard.ts';

/**
 * The production resolver: `dns.lookup`, every address, as the system resolves (so
 * /etc/hosts counts). Imported on first use, like node:http below: cold starts rarely resolve (PERF-1).
 */
export const dnsResolve: Resolve = async (hostname) => {
  const dns = await import('node:dns/promises');
  return (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
};

export interface SenderOptions extends GuardOptions {
  /** Refuse plain http (on AWS). */
  readonly requireHttps: boolean;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
}

const USER_AGENT = 'Arbiter-Webhooks/1.0 (+https://www.standardwebhooks.com)';

const refused = (error: string): SendOutcome => ({ ok: false, status: null, error, retryable: false });

/** Always answers the address that was checked, whether asked for one address or all of them. */
const pinnedLookup =
  (address: string, family: number): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

export class HttpWebhookSender implements WebhookSender {
  constructor(
    private readonly options: SenderOptions,
    /** The same resolver checks a URL at subscription (Webhooks.resolve). */
    readonly resolve: Resolve,
  ) {}

  async send(webhook: OutgoingWebhook): Promise<SendOutcome> {
    let target: URL;
    try {
      target = new URL(webhook.url);
    } catch {
      return refused(`${webhook.url} is not a URL`);
    }
    if (target.protocol !== 'https:' && (target.protocol !== 'http:' || this.options.requireHttps))
      return refused(`${target.protocol} URLs are not delivered to; use https`);
    const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
    // Like node:http, the guard (and ipaddr.js) is loaded by the first send (PERF-1).
    const { checkHost, firstRefusal } = await import('../notifications/app/address-guard.ts');
    // REL-28: `localhost` and its subdomains are loopback whatever a resolver says of them.
    const byName = checkHost(target.hostname, this.options);
    if (byName && !byName.allowed) return refused(byName.reason ?? `${hostname} may not be reached`);
    let addresses: { address: string; family: number }[];
    try {
      addresses = (await this.resolve(hostname)).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    } catch (error) {
      return {
        ok: false,
        status: null,
        error: `${hostname} did not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
        retryable: true,
      };
    }
    const refusal = firstRefusal(
      addresses.map((a) => a.address),
      this.options,
    );
    if (refusal) return refused(refusal.reason ?? `${refusal.address} may not be reached`);
    const chosen = addresses[0];
    if (!chosen) return { ok: false, status: null, error: `${hostname} resolved to no address`, retryable: true };
    // node:http only for plain http, which only the local runtime allows (as the AWS SDK does):
    // on Node 22, importing it builds its WebSocket export, loading undici, about 17 ms of a
    // cold start that never sends plain http (PERF-1).
    const transport = target.protocol === 'https:' ? https : await import('node:http');
    return this.post(transport, target, hostname, chosen, webhook);
  }

  private post(
    transport: Pick<typeof https, 'request'>,
    target: URL,
    hostname: string,
    to: { address: string; family: number },
    webhook: OutgoingWebhook,
  ): Promise<SendOutcome> {
    const { timeoutMs, maxResponseBytes } = this.options;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const request = transport.request({
        protocol: target.protocol,
        hostname,
        ...(target.port ? { port: Number(target.port) } : {}),
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        // A fresh connection each time: a pooled socket could have been opened to another address.
        agent: false,
        lookup: pinnedLookup(to.address, to.family),
        headers: {
          ...webhook.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(webhook.body)),
          'user-agent': USER_AGENT,
        },
      });
      const timer = setTimeout(() => {
        request.destroy();
        settle({ ok: false, status: null, error: `no answer within ${timeoutMs} ms`, retryable: true });
      }, timeoutMs);
      request.on('error', (error: NodeJS.ErrnoException) =>
        settle({ ok: false, status: null, error: `${error.code ?? 'error'}: ${error.message}`.slice(0, 300), retryable: true }),
      );
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const finish = () => {
          response.destroy();
          settle(outcomeOf(response.statusCode ?? 0, response.headers.location, Buffer.concat(chunks).toString('utf8')));
        };
        response.on('data', (chunk: Buffer) => {
          if (bytes < maxResponseBytes) chunks.push(chunk.subarray(0, maxResponseBytes - bytes));
          bytes += chunk.length;
          if (bytes >= maxResponseBytes) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      });
      request.end(webhook.body);
    });
  }
}

const outcomeOf = (status: number, location: string | undefined, body: string): SendOutcome => {
  if (status >= 200 && status < 300) return { ok: true, status };
  const said = body.trim().replace(/\s+/g, ' ').slice(0, 200);
  if (status >= 300 && status < 400)
    return {
      ok: false,
      status,
      error: `HTTP ${status}: redirects are not followed${location ? ` (to ${location.slice(0, 200)})` : ''}`,
      retryable: false,
    };
  return {
    ok: false,
    status,
    error: `HTTP ${status}${said ? `: ${said}` : ''}`,
    retryable: status === 408 || status === 429 || status >= 500,
  };
};
