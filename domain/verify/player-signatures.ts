/**
 * TRUST-6: the player-signatures check of `arbiter verify` (docs/design.md §22): every command a
 * player signed is checked against that player's public keys, as the export's header lists them,
 * and the verdict names who sent what: the seat, the player and the key of each signed command.
 *
 * What it proves rests on the keys: they come from the header, the server's word. A player (or a
 * tournament director who asks them) who compares a key id with the one they hold knows the key
 * is theirs; then no one but the holder of its private key could have signed those commands, the
 * server included. Pure.
 */
import type { EventEnvelope } from '../kernel/envelope.ts';
import { checkCommandSignature } from '../kernel/player-signature.ts';
import type { PublishedKey } from '../kernel/signature.ts';
import { lineOf, type ParsedLog } from './log.ts';
import { type CheckResult, fail, isRunning, isSealed, pass, pending } from './result.ts';

const ACTOR_PLAYER = 'player:';

/** The player an event's actor names: a seat's player in the header, or `player:<id>` before a seat was taken. */
const playerOf = (log: ParsedLog, actor: string): string | null =>
  actor.startsWith(ACTOR_PLAYER) ? actor.slice(ACTOR_PLAYER.length) : (log.header.seats.find((s) => s.name === actor)?.playerId ?? null);

/** "seat red (player p_…, Ann, key …)" or "player p_… (key …)": who sent a signed command, with which key. */
const whoSent = (log: ParsedLog, actor: string, playerId: string, kid: string): string => {
  const name = log.header.seats.find((s) => s.playerId === playerId)?.playerName;
  const player = `player ${playerId}${name === undefined ? '' : `, ${name}`}`;
  return actor.startsWith(ACTOR_PLAYER) ? `${player} (key ${kid})` : `seat ${actor} (${player}, key ${kid})`;
};

/** One signed command, checked: who sent it with which key, or why the signature does not hold. */
const checkOne = (log: ParsedLog, event: EventEnvelope, index: number): { readonly who: string } | { readonly failed: string } => {
  const signature = event.signature as NonNullable<EventEnvelope['signature']>;
  const at = `line ${lineOf(index)} (event ${event.seq})`;
  const playerId = playerOf(log, event.actor);
  if (playerId === null) return { failed: `${at} is signed, but its actor ${event.actor} is no player: only players sign commands` };
  const keys: readonly PublishedKey[] = log.header.playerKeys?.[playerId] ?? [];
  const key = keys.find((k) => k.kid === signature.kid);
  if (!key) return { failed: `${at} is signed with key ${signature.kid}, which the header does not list for player ${playerId}` };
  const check = checkCommandSignature([key], { gameId: event.gameId, commandId: event.commandId, command: event.command }, signature);
  if (!check.ok) return { failed: `${at}: the signature is not player ${playerId}'s: ${check.reason}` };
  return { who: whoSent(log, event.actor, playerId, key.kid) };
};

/**
 * Every signed command of `log` against its player's keys in the header. Null for a log with no
 * signed command and no player keys, which says nothing of players' signatures (every log from
 * before TRUST-6): its checks stay what they were.
 */
export const checkPlayerSignatures = (log: ParsedLog): CheckResult | null => {
  const { header, events } = log;
  const signed = events.flatMap((event, i) => (event.signature === undefined ? [] : [i]));
  if (signed.length === 0 && header.playerKeys === undefined) return null;
  const counts = new Map<string, number>();
  for (const i of signed) {
    const outcome = checkOne(log, events[i] as EventEnvelope, i);
    if ('failed' in outcome) return fail('signatures', `player signatures: ${outcome.failed}`, lineOf(i));
    counts.set(outcome.who, (counts.get(outcome.who) ?? 0) + 1);
  }
  const by = [...counts].map(([who, n]) => `${who}: ${n}`).join('; ');
  const verdict = `player signatures: ${signed.length} command(s) signed${by === '' ? '' : `: ${by}`}`;
  const detail = [
    "  the keys are the export header's (the server's word): a signature proves who sent a command once its player confirms the key id is theirs",
  ];
  const hidden = events.filter(isSealed).length;
  if (hidden > 0)
    return {
      ...(isRunning(header) ? pending : fail)(
        'signatures',
        `${verdict}; ${hidden} sealed event(s) of another seat hide their command and any signature until the game ends`,
      ),
      detail,
    };
  return { ...pass('signatures', verdict), detail };
};
