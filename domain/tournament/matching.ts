/**
 * CLUB-3, COST-4: the search under Swiss pairing (pairing.ts `pairSwiss`): a perfect matching of
 * a ranked field with no rematch. Apart from pairing.ts so that its one tricky loop, and the test
 * that holds it to the recursive search it replaced, stand on their own.
 */

/**
 * The players not yet paired, in rank order, as a doubly linked list over their indices (0 and
 * n + 1 are the ends): taking a player out and putting them back are O(1) and keep the order,
 * so the search below walks one list instead of copying the field at every step (COST-4).
 */
class Unpaired {
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  readonly end: number;

  constructor(size: number) {
    this.end = size + 1;
    this.next = Int32Array.from({ length: size + 2 }, (_, i) => i + 1);
    this.prev = Int32Array.from({ length: size + 2 }, (_, i) => i - 1);
  }

  first(): number {
    return this.after(0);
  }

  after(i: number): number {
    return this.next[i] as number;
  }

  take(i: number): void {
    const before = this.prev[i] as number;
    const after = this.next[i] as number;
    this.next[before] = after;
    this.prev[after] = before;
  }

  /** Undoes `take(i)`; takes are undone in the reverse order they were made. */
  putBack(i: number): void {
    this.next[this.prev[i] as number] = i;
    this.prev[this.next[i] as number] = i;
  }
}

/**
 * A perfect matching of `ranked` (best first) with no rematch: the best unpaired player takes
 * the best-ranked partner they have not met, backtracking when the rest cannot be paired, so a
 * rematch-free round is found whenever one exists (the greedy fallback that pairs a rematch when
 * the first choice fails is the bug other Swiss pairers had). `budget` bounds the search: each
 * step that takes a top player spends one, and once it is spent no further step can succeed,
 * so the search gives up there. The steps are those of the recursive search this replaces, in
 * the same order (COST-4 pins its results), kept on an explicit stack so 10,000 players do not
 * nest 5,000 calls.
 */
export const matchWithoutRematch = (
  ranked: readonly string[],
  allowed: (a: string, b: string) => boolean,
  budget: { left: number },
): [string, string][] | null => {
  const unpaired = new Unpaired(ranked.length);
  const name = (i: number) => ranked[i - 1] as string;
  /** Per depth: the top player and the partner tried now. */
  const tops: number[] = [];
  const partners: number[] = [];
  /** The first partner from `from` on whom `top` may meet, or the end. */
  const partnerFrom = (top: number, from: number) => {
    let i = from;
    while (i !== unpaired.end && !allowed(name(top), name(i))) i = unpaired.after(i);
    return i;
  };
  let descend = true;
  for (;;) {
    if (descend) {
      const top = unpaired.first();
      if (top === unpaired.end) return tops.map((t, d) => [name(t), name(partners[d] as number)]);
      if (--budget.left < 0) {
        // The budget is spent: this step fails, and so, in turn, does every step above it.
        if (tops.length === 0) return null;
        descend = false;
        continue;
      }
      unpaired.take(top);
      tops.push(top);
      partners.push(unpaired.first());
    } else {
      // The step at this depth failed with its current partner: put them back and try the next.
      const d = tops.length - 1;
      const partner = partners[d] as number;
      unpaired.putBack(partner);
      partners[d] = budget.left < 0 ? unpaired.end : unpaired.after(partner);
    }
    const d = tops.length - 1;
    const top = tops[d] as number;
    const partner = partnerFrom(top, partners[d] as number);
    if (partner !== unpaired.end) {
      partners[d] = partner;
      unpaired.take(partner);
      descend = true;
      continue;
    }
    // No partner left for this top: this step fails, and the one above tries its next partner.
    unpaired.putBack(top);
    tops.pop();
    partners.pop();
    if (tops.length === 0) return null;
    descend = false;
  }
};
