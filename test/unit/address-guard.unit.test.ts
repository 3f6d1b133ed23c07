/**
 * PBM-5: the address guard as a pure function over address forms. Nothing here resolves a
 * name or opens a connection.
 */
import { describe, expect, it } from 'vitest';
import {
  addressRange,
  checkAddress,
  checkHost,
  firstRefusal,
  isIpLiteral,
  isLoopbackName,
} from '../../functions/notifications/app/address-guard.ts';

const strict = { allowLoopback: false };
const local = { allowLoopback: true };

describe('PBM-5 the address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.254', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::', '6to4'],
    ['2001:0::1', 'teredo'],
    ['100::1', 'discard'],
    ['1.2.3', 'invalid'],
    ['example.com', 'invalid'],
    ['', 'invalid'],
  ])('PBM-5 refuses %s (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range);
    const verdict = checkAddress(address, strict);
    expect(verdict.allowed).toBe(false);
    expect(verdict.reason).toMatch(/which webhooks may not reach$/);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '::ffff:8.8.8.8', '2001:4860:4860::8888', '2606:4700:4700::1111'])(
    'PBM-5 allows the public address %s',
    (address) => {
      expect(checkAddress(address, strict)).toEqual({ address, allowed: true, range: 'unicast', reason: null });
    },
  );

  it('PBM-5 names why, in a sentence: the metadata service is a link-local address', () => {
    expect(checkAddress('169.254.169.254', strict).reason).toBe(
      '169.254.169.254 is a link-local address (this includes cloud metadata services such as 169.254.169.254), which webhooks may not reach',
    );
  });

  it('PBM-5 the loopback flag lets loopback through, IPv4-mapped included, and nothing else', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(checkAddress(address, local).allowed).toBe(true);
    for (const address of ['10.0.0.1', '169.254.169.254', 'fd00::1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::'])
      expect(checkAddress(address, local).allowed).toBe(false);
  });

  it('PBM-5 one internal address among those a name resolves to refuses the name', () => {
    expect(firstRefusal(['8.8.8.8', '2001:4860:4860::8888'], strict)).toBeNull();
    expect(firstRefusal(['8.8.8.8', '10.0.0.1'], strict)?.address).toBe('10.0.0.1');
    expect(firstRefusal(['::ffff:127.0.0.1', '8.8.8.8'], strict)?.range).toBe('loopback');
  });

  it('PBM-5 tells IP literals (as URL hostnames write them) from names', () => {
    expect([isIpLiteral('127.0.0.1'), isIpLiteral('[::1]'), isIpLiteral('[::ffff:7f00:1]')]).toEqual([true, true, true]);
    expect([isIpLiteral('localhost'), isIpLiteral('hooks.example.com'), isIpLiteral('1.2.3')]).toEqual([false, false, false]);
  });
});

describe('REL-28 loopback names', () => {
  /** The host as a subscription's URL gives it: `new URL` decodes percent-escapes and folds case and full-width letters. */
  const hostOf = (url: string) => new URL(url).hostname;

  it.each([
    'http://localhost:8080/hook',
    'http://LocalHost:8080/hook',
    'http://LOCALHOST/hook',
    'http://localhost./hook',
    'http://%6c%6f%63%61%6c%68%6f%73%74:9/hook',
    'http://%4C%4F%43%41%4C%48%4F%53%54./hook',
    'http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/hook',
    'http://hooks.localhost/hook',
    'http://a.b.LocalHost./hook',
  ])('REL-28 %s is loopback by its name, refused as a loopback address is', (url) => {
    const host = hostOf(url);
    expect(isLoopbackName(host)).toBe(true);
    expect(checkHost(host, strict)).toEqual({
      address: host,
      allowed: false,
      range: 'loopback',
      reason: `${host} is a loopback address, which webhooks may not reach`,
    });
    expect(checkHost(host, local)?.allowed).toBe(true);
  });

  it('REL-28 the name is recognised in the forms a URL does not decode for it too', () => {
    for (const name of [
      '%6c%6f%63%61%6c%68%6f%73%74',
      'LocalHost.',
      'localhost..',
      '\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54',
    ])
      expect(isLoopbackName(name), name).toBe(true);
  });

  it('REL-28 names that only look like it are left to the resolver; IP literals are checked as addresses', () => {
    for (const name of ['localhost.example.com', 'mylocalhost', 'localhost-proxy.example', 'example.com', 'localhost.evil.example'])
      expect(checkHost(name, strict), name).toBeNull();
    expect(checkHost('127.0.0.1', strict)?.reason).toBe('127.0.0.1 is a loopback address, which webhooks may not reach');
    expect(checkHost('[::1]', strict)?.range).toBe('loopback');
    expect(checkHost('8.8.8.8', strict)?.allowed).toBe(true);
  });
});
