/**
 * The games' routes' handlers, one per route of operations.ts (the compiler holds them to it):
 * the lobby, creating and joining a match, its commands and forks, its log, state and read
 * model, and your inbox. The router has authenticated and parsed the request by then: call the
 * use case, map the result. Adding a route: its declaration and answers in operations.ts, its
 * handler here, its use case in app/ (functions/http/route.ts says why apart).
 */

import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { matchCommands, RESERVED_COMMANDS } from '../../../domain/match/command-table.ts';
import { emptyGame, type GameState, seatOf } from '../../../domain/match/state.ts';
import { redactEvents } from '../../../domain/match/view.ts';
import { commandDocsOf, rulesetIds } from '../../../domain/ruleset-list.ts';
import { rateLimited } from '../../http/rate-limited.ts';
import { json, ndjsonDownload, withEtag } from '../../http/respond.ts';
import type { Handlers } from '../../http/route.ts';
import type { Deps } from '../../kernel/deps.ts';
import { Problem } from '../../kernel/problems.ts';
import { checkCommand } from '../app/check.ts';
import type { CommandResult } from '../app/commands.ts';
import { exportLog } from '../app/export.ts';
import { requestFork } from '../app/forks.ts';
import { createGame, giveCommand, joinGame } from '../app/play.ts';
import { awaitGameEvents, awaitInbox, gameView, lobbyPage, stateAt } from '../app/queries.ts';
import { receiptFor } from '../app/receipts.ts';
import type { GameRoute } from './operations.ts';

/**
 * Every command any game takes at /commands, from the command table: the lifecycle's (only
 * their types are read here) and each ruleset's, known before any is loaded.
 */
const KNOWN_COMMANDS = new Set([...matchCommands({ firstPlayerRule: '' }), ...rulesetIds.flatMap(commandDocsOf)].map((c) => c.type));

/** A command the route takes (and its dry run) is one some ruleset or the lifecycle declares, and not one with a route of its own. */
const refuseUnknownCommand = (type: string): void => {
  const reserved = RESERVED_COMMANDS.get(type);
  if (reserved || !KNOWN_COMMANDS.has(type)) {
    throw new Problem(
      400,
      'unknown-command',
      'Unknown command',
      reserved ?? `There is no command "${type}"; GET /rulesets/{id} lists the commands of each ruleset.`,
    );
  }
};

/**
 * A command's response: its events as the caller's seat may see them, and (TRUST-2) the receipt
 * of the events it recorded, signed over the events themselves, so a retry answers the same one.
 */
const commandResponse = async (deps: Deps, gameId: string, result: CommandResult, seat: string | null) => {
  const receipt = await receiptFor(deps, result.events);
  return {
    gameId,
    version: result.version,
    replayed: result.replayed,
    ...(result.voided ? { voided: true } : {}),
    events: seenBy(result.state, result.events, seat),
    ...(receipt === null ? {} : { receipt }),
  };
};

/** Events as `seat` may see them in a game now at `state`; TB-6: a sandbox's player holds every seat, so nothing in it is hidden from them. */
const seenBy = (state: GameState | null, events: readonly EventEnvelope[], seat: string | null): EventEnvelope[] =>
  state?.status !== 'empty' && state?.fork?.kind === 'sandbox' ? [...events] : redactEvents(events, seat);

/** The caller's seat after the command: from the state, or from the command's own SeatJoined. */
const seatAfter = (result: CommandResult, playerId: string): string | null => seatOf(result.state ?? emptyGame, playerId, result.events);

export const gameHandlers = (deps: () => Deps): Handlers<GameRoute> => ({
  listLobby: async (request, { query }) => withEtag(request, await lobbyPage(deps(), query)),
  createGame: async (_request, { playerId, body }) => {
    const { commandId, ...given } = body;
    const refused = await rateLimited(deps(), 'games', playerId);
    if (refused) return refused;
    const { gameId, result, inviteCode } = await createGame(deps(), playerId, commandId, given);
    const answer = await commandResponse(deps(), gameId, result, seatAfter(result, playerId));
    // API-8: a private game's answer carries its invite code, for its creator to pass on.
    return json(result.replayed ? 200 : 201, inviteCode === null ? answer : { ...answer, inviteCode }, {
      location: `/games/${gameId}`,
    });
  },
  joinGame: async (request, { playerId, body }) => {
    const { commandId, inviteCode, ...command } = body;
    const gameId = request.params.id ?? '';
    // Counted per key before any game is read, whatever the game: a 429 says nothing of one (REL-26).
    const refused = inviteCode === undefined ? null : await rateLimited(deps(), 'invites', playerId);
    if (refused) return refused;
    const result = await joinGame(deps(), gameId, playerId, commandId, inviteCode, command);
    return json(200, await commandResponse(deps(), gameId, result, seatAfter(result, playerId)));
  },
  giveCommand: async (request, { playerId, body }) => {
    refuseUnknownCommand(body.command.type);
    const gameId = request.params.id ?? '';
    const result = await giveCommand(deps(), {
      gameId,
      commandId: body.commandId,
      expectedVersion: body.expectedVersion,
      command: body.command as { type: string },
      caller: { kind: 'player', playerId },
      signature: body.signature ?? null,
    });
    return json(200, await commandResponse(deps(), gameId, result, seatAfter(result, playerId)));
  },
  checkCommand: async (request, { playerId, body }) => {
    refuseUnknownCommand(body.command.type);
    const gameId = request.params.id ?? '';
    const caller = { kind: 'player', playerId } as const;
    const check = await checkCommand(deps(), {
      gameId,
      expectedVersion: body.expectedVersion,
      command: body.command as { type: string },
      caller,
    });
    if (!check.accepted) return json(200, { gameId, version: check.version, accepted: false, refusal: check.refusal });
    const events = seenBy(check.state, check.events, seatOf(check.state, playerId, check.events));
    return json(200, { gameId, version: check.version, accepted: true, events, rolls: check.rolls, withheld: check.withheld });
  },
  forkGame: async (request, { playerId, body }) => {
    // A fork is a new game: counted with the key's creations (REL-26), before any game is read. A
    // continuation is counted when it is proposed, against its proposer: the game the seats'
    // agreement starts later is the one this request asks for.
    const refused = await rateLimited(deps(), 'games', playerId);
    if (refused) return refused;
    const answer = await requestFork(deps(), { originId: request.params.id ?? '', playerId, ...body });
    const { gameId, result, started } = answer;
    const sandbox = body.kind === 'sandbox';
    const status = result.replayed ? 200 : sandbox || started.length > 0 ? 201 : 202;
    const location = started[0] === undefined ? {} : { location: `/games/${started[0]}` };
    return json(status, { ...(await commandResponse(deps(), gameId, result, seatAfter(result, playerId))), forks: started }, location);
  },
  getGame: async (request, { playerId, query }) => {
    const { view, readModel } = await gameView(deps(), request.params.id ?? '', playerId, query.minVersion ?? 0);
    return withEtag(request, view, undefined, readModel ? { 'arbiter-read-model': readModel } : {});
  },
  listGameEvents: async (request, { playerId, query }) => {
    const page = await awaitGameEvents(
      deps(),
      request.params.id ?? '',
      playerId,
      query.after,
      query.limit,
      query.wait,
      request.sourceIp,
      request.signal,
    );
    return withEtag(request, page);
  },
  getGameState: async (request, { playerId, query }) => {
    const { view, voided } = await stateAt(deps(), request.params.id ?? '', playerId, query.at);
    return withEtag(request, { at: query.at, state: view, ...(voided ? { voided } : {}) });
  },
  exportGameLog: async (request, { playerId }) => {
    const gameId = request.params.id ?? '';
    return ndjsonDownload(request, await exportLog(deps(), gameId, playerId), `${gameId}.ndjson`);
  },
  listMyGames: async (request, { playerId, query }) => {
    const page = await awaitInbox(
      deps(),
      playerId,
      {
        awaitingOnly: query.awaiting === 'true',
        after: query.after,
        limit: query.limit,
        wait: query.wait,
        ifNoneMatch: request.headers['if-none-match'],
      },
      request.signal,
    );
    if (page.unchanged) return { statusCode: 304, headers: { etag: page.etag } };
    return json(200, page.body, { etag: page.etag, 'cache-control': 'private, no-cache' });
  },
});

/** The name test/unit/command-table.unit.test.ts still imports the games' handlers by. */
