/**
 * The public commitment to a seat's sealed orders (docs/design.md §7): published when
 * the orders are sealed, repeated at the reveal, and recomputable by anyone from the
 * revealed orders and salt. The orders sit under the ruleset's own key (`actions` in
 * Sol'una, `orders` in GSC2), so every log recorded so far still verifies.
 */
import { canonicalJson, sha256Hex } from './hash.ts';

export const sealedCommitment = (seat: string, key: string, orders: unknown, salt: string): string =>
  sha256Hex(canonicalJson({ seat, [key]: orders, salt }));
