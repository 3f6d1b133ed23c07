/**
 * COST-3: what verify now does faster must give the same bytes and verdicts as before:
 * canonical JSON written with its member names remembered is RFC 8785's (`canonicalize`),
 * the one-shot SHA-256 is the Hash object's, a game's keys derived once are the keys derived
 * afresh, and the rules labels walked by index are those the old walk gave.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollKey, saltKey } from '../../domain/kernel/dice.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { canonicalJson, canonicalJsonWithout, sha256Hex } from '../../domain/kernel/hash.ts';
import { adoptionsOf, readjudicationStart, rulesVersionsOf } from '../../domain/verify/readjudicate.ts';
import { PROPERTY_SEED } from '../support/histories.ts';

const settings = { seed: PROPERTY_SEED, numRuns: 300 };

/** Keys drawn from a few names (so the remembered names are hit again) and any string at all. */
const names = fc.oneof(fc.constantFrom('type', 'data', 'seq', 'a"b', 'line\nbreak', 'é', '\u2028', ''), fc.string({ unit: 'binary' }));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'binary' }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value')),
    fc.dictionary(names, tie('value')),
  ),
})).value;

describe('COST-3 verify gives the same bytes and verdicts', () => {
  it('COST-3 canonical JSON with remembered member names is canonicalize’s, with and without a member', () => {
    fc.assert(
      fc.property(fc.dictionary(names, json), (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
        expect(canonicalJson(value)).toBe(canonicalize(value));
        const { hash: _hash, ...rest } = value as Record<string, unknown>;
        expect(canonicalJsonWithout({ ...value, hash: 'x' }, 'hash')).toBe(canonicalize(rest));
      }),
      settings,
    );
  });

  it('COST-3 a member name is quoted as JSON quotes it, however long or odd', () => {
    for (const name of ['plain', 'a"b', 'back\\slash', 'tab\t', 'x'.repeat(100), '\u0001']) {
      expect(canonicalJson({ [name]: 1 })).toBe(`{${JSON.stringify(name)}:1}`);
      expect(canonicalJson({ [name]: 1 })).toBe(`{${JSON.stringify(name)}:1}`);
    }
    // A name with a surrogate is left to canonicalize, as before, on every call: a pair is written, a lone one refused.
    expect(canonicalJson({ '\u{1D11E}': 1 })).toBe(canonicalize({ '\u{1D11E}': 1 }));
    expect(canonicalJson({ '\u{1D11E}': 1 })).toBe(canonicalize({ '\u{1D11E}': 1 }));
    expect(() => canonicalJson({ '\uD800': 1 })).toThrow(/surrogate/);
    expect(() => canonicalJson({ '\uD800': 1 })).toThrow(/surrogate/);
  });

  it('COST-3 the one-shot SHA-256 is the Hash object’s, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      settings,
    );
  });

  it('COST-3 a game’s dice and salt keys derived once are the keys derived afresh', () => {
    const fresh = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    for (let i = 0; i < 40; i += 1) {
      const seed = `${i}`.padStart(64, 'a');
      const contributions = i % 3 === 0 ? [] : [`c${i}`, `d${i}`];
      for (let twice = 0; twice < 2; twice += 1) {
        expect(rollKey(seed, contributions)).toBe(fresh(['arbiter-dice', seed, ...contributions].join(':')));
        expect(rollKey(seed, contributions, 'bare')).toBe(
          contributions.length === 0 ? fresh(seed) : fresh([seed, ...contributions].join(':')),
        );
        expect(saltKey(seed)).toBe(fresh(`arbiter-salt:${seed}`));
        expect(saltKey(seed, 'bare')).toBe(fresh(seed));
      }
    }
  });

  it('COST-3 the rules labels and adoptions walked by index are those of the batch-by-batch walk', () => {
    /** The walk as it was: each batch copied, then searched. */
    const oldLabels = (events: readonly EventEnvelope[]) => {
      const versions: string[] = [];
      let inForce = (events[0]?.data as { rulesVersion?: string } | undefined)?.rulesVersion ?? '';
      let i = 0;
      while (i < events.length) {
        let end = i + 1;
        while (end < events.length && events[end]?.command === undefined) end += 1;
        const batch = events.slice(i, end);
        const adopted = batch.find((e) => e.type === 'RulesVersionAdopted')?.data as { from: string; to: string } | undefined;
        if (adopted && adopted.from !== inForce) {
          const at = i + batch.findIndex((e) => e.type === 'RulesVersionAdopted');
          return { ok: false, index: at, message: `adopts rules from ${adopted.from}, but the game played under ${inForce}` };
        }
        if (adopted) inForce = adopted.to;
        for (const [k, event] of batch.entries()) {
          if (event.rulesVersion !== inForce)
            return {
              ok: false,
              index: i + k,
              message: `is recorded under rules version ${event.rulesVersion}, but the game played under ${inForce}`,
            };
          versions.push(inForce);
        }
        i = end;
      }
      return { ok: true, versions };
    };
    const event = fc.record({
      command: fc.option(fc.constant({ type: 'X' }), { nil: undefined }),
      adopts: fc.option(
        fc.record({ from: fc.constantFrom('v1', 'v2'), to: fc.constantFrom('v2', 'v3'), how: fc.constantFrom('organiser', 'replayed') }),
        {
          nil: undefined,
        },
      ),
      rulesVersion: fc.constantFrom('v1', 'v2', 'v3'),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.nat(35), (drawn, before) => {
        const events = drawn.map((e, i) => ({
          seq: i + 1,
          type: e.adopts ? 'RulesVersionAdopted' : i === 0 ? 'GameCreated' : 'Other',
          data: e.adopts ?? (i === 0 ? { rulesVersion: 'v1' } : {}),
          rulesVersion: e.rulesVersion,
          ...(e.command || i === 0 ? { command: { type: 'X' } } : {}),
        })) as unknown as EventEnvelope[];
        expect(rulesVersionsOf(events)).toEqual(oldLabels(events));
        const adoptions = events.flatMap((e, index) => (e.type === 'RulesVersionAdopted' ? [{ index, data: e.data }] : []));
        expect(adoptionsOf(events)).toEqual(adoptions);
        expect(readjudicationStart(events, before)).toBe(
          adoptions.filter((a) => a.index < before).findLast((a) => (a.data as { how: string }).how === 'organiser')?.index ?? 0,
        );
      }),
      settings,
    );
  });
});
