/**
 * PBM-5: the address guard as a pure function over address forms. Nothing here resolves a
 * name or opens a connection.
 */
import { describe, expect, it } from 'vitest';
import { addressRange, checkAddress, firstRefusal, isIpLiteral } from '../../functions/adapters/address-guard.ts';

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
