import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollFace, rollKey, saltKey, scriptedDice, seedCommitment, seededDice } from '../../domain/kernel/dice.ts';
import { findChainBreak, GENESIS_HASH, sealBatch } from '../../domain/kernel/envelope.ts';
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';

const meta = { gameId: 'g1', at: '2026-01-01T00:00:00.000Z', actor: 'red', commandId: 'c1', rulesVersion: 'v', command: { type: 'X' } };

describe('canonical JSON', () => {
  it('orders keys so equal values give equal bytes', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
  });
  it('hashes with SHA-256 in hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('the hash chain', () => {
  const log = [
    ...sealBatch(
      null,
      [
        { type: 'A', data: { n: 1 } },
        { type: 'B', data: { n: 2 } },
      ],
      meta,
    ),
  ];
  const more = sealBatch(log.at(-1) ?? null, [{ type: 'C', data: { n: 3 } }], { ...meta, commandId: 'c2' });
  const full = [...log, ...more];

  it('links each event to the one before, from the genesis hash', () => {
    expect(full.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(full[0]?.prevHash).toBe(GENESIS_HASH);
    expect(full[1]?.prevHash).toBe(full[0]?.hash);
    expect(full[2]?.prevHash).toBe(full[1]?.hash);
  });
  it('stores the command only on the first event of its batch', () => {
    expect(full[0]?.command).toEqual({ type: 'X' });
    expect(full[1]).not.toHaveProperty('command');
    expect(full[2]?.command).toEqual({ type: 'X' });
  });
  it('holds for an untouched log', () => {
    expect(findChainBreak(full)).toBeNull();
  });
  it('finds an edited payload', () => {
    const edited = full.map((e) => (e.seq === 2 ? { ...e, data: { n: 20 } } : e));
    expect(findChainBreak(edited)).toMatchObject({ seq: 2 });
  });
  it('finds a dropped event', () => {
    expect(findChainBreak([full[0]!, full[2]!])).toMatchObject({ seq: 3, reason: expect.stringContaining('expected event 2') });
  });
  it('finds an event rehashed after an edit, by its broken link to the next', () => {
    const forged = sealBatch(full[0]!, [{ type: 'B', data: { n: 99 } }], meta);
    expect(findChainBreak([full[0]!, ...forged, full[2]!])).toMatchObject({ seq: 3, reason: expect.stringContaining('prevHash') });
  });
});

describe('fair dice', () => {
  const key = rollKey('00'.repeat(32), []);

  it('commits to the seed by its SHA-256', () => {
    expect(seedCommitment('abc')).toBe(sha256Hex('abc'));
  });
  it('gives the same face for the same game, event and index, and records where it drew', () => {
    const a = seededDice(key, 'g1', 7).roll({ purpose: 'p', sides: 6 });
    const b = seededDice(key, 'g1', 7).roll({ purpose: 'p', sides: 6 });
    expect(a).toEqual(b);
    expect(a.draw).toEqual({ seq: 7, index: 0 });
    expect(a.value).toBe(rollFace(key, 'g1', 7, 0, 6));
  });
  it('derives no key that a player could compute from the public commitment', () => {
    const seed = 'c0ffee'.repeat(10);
    const commitment = seedCommitment(seed);
    expect(rollKey(seed, [])).not.toBe(commitment);
    expect(saltKey(seed)).not.toBe(commitment);
    expect(rollKey(seed, [])).not.toBe(saltKey(seed));
    // Knowing the commitment, an opponent's best guess at the dice key fails:
    expect(rollFace(commitment, 'g', 1, 0, 1000)).not.toBe(rollFace(rollKey(seed, []), 'g', 1, 0, 1000));
  });
  it('mixes player contributions into the key', () => {
    expect(rollKey('ab', ['01'])).not.toBe(rollKey('ab', []));
    expect(rollKey('ab', ['01', '02'])).not.toBe(rollKey('ab', ['02', '01']));
  });
  it('always lands in 1..sides', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1000 }), fc.nat(), fc.nat(), (sides, seq, index) => {
        const face = rollFace(key, 'g', seq, index, sides);
        return Number.isInteger(face) && face >= 1 && face <= sides;
      }),
    );
  });
  it('is close to uniform over 60,000 d6 rolls (chi-square, 5 degrees of freedom)', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i += 1) counts[rollFace(key, 'g', 1, i, 6) - 1]! += 1;
    const chi = counts.reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(20.5); // p = 0.001
  });
  it('records target, modifiers with their rule, total and success', () => {
    const roll = scriptedDice([4]).roll({
      purpose: 'to hit',
      sides: 10,
      target: 5,
      compare: 'atMost',
      modifiers: [{ value: 2, rule: 'GSC-15', reason: 'target did not move' }],
      rule: 'GSC-15',
    });
    expect(roll).toMatchObject({ value: 4, total: 6, target: 5, compare: 'atMost', success: false, rule: 'GSC-15' });
    expect(roll.modifiers).toEqual([{ value: 2, rule: 'GSC-15', reason: 'target did not move' }]);
  });
  it("applies roll-under modifiers to the target number, keeping the sheet's own signs", () => {
    const roll = scriptedDice([7]).roll({
      purpose: 'to hit',
      sides: 10,
      target: 5,
      compare: 'atMost',
      modifiers: [
        { applies: 'target', value: 2, rule: 'GSC-15', reason: 'target did not move' },
        { applies: 'target', value: -1, rule: 'GSC-15', reason: 'deflectors 1' },
      ],
    });
    expect(roll).toMatchObject({ value: 7, total: 7, target: 5, effectiveTarget: 6, success: false });
  });
  it('refuses a die with fewer than two sides', () => {
    expect(() => rollFace(key, 'g', 1, 0, 1)).toThrow(/2 to 1000 sides/);
  });
});
