/** The `arbiter` command's help (one text for the tool, one per command), its exit codes and its one kind of user error. */

/** A mistake in how the command was used: one sentence for the user, exit 2. */
export class UsageError extends Error {}

/** Where a command writes: the process's stdout or stderr, or a test's buffer. */
export type Output = (text: string) => void;

/** The exit status of `arbiter`, as its help documents them. */
export const EXIT = { holds: 0, failed: 1, usage: 2, pending: 3 } as const;

export const TOOL_HELP = `arbiter: settle a dispute from an exported game log, with no network and no database.

usage:
  arbiter verify <game.ndjson>                   check the log; one verdict per check
  arbiter verify <fork.ndjson> --origin <game.ndjson>
                                                 check a fork with the log it came from
  arbiter verify <game.ndjson> --keys <URL|keys.json> [--receipts <receipts.ndjson>]
                                                 and prove the service signed it, and that
                                                 it holds the receipts a player kept
  arbiter replay <game.ndjson> [--at N] [--seat S] [--json | --svg FILE]
                                                 the game after event N, as a seat saw it
  arbiter replay <game.ndjson> --explain N       the rolls of event N, with modifiers and rules
  arbiter verify-tournament <export.ndjson>      check a tournament, its pairings, standings and games
  arbiter sign --new-key <player-key.pem>        make your key pair; prints the key to register
  arbiter sign --key <player-key.pem> --game <g_…> --id <commandId> '<command JSON>'
                                                 sign a command; prints the body to POST
  arbiter keys <URL|keys.json>                   the service's public signing keys, and their dates
  arbiter help <command>                         help on one command

options:
  -h, --help     this help (or a command's help: arbiter verify --help)
  -V, --version  the command's version, and every rules version whose logs it verifies

Get a log with: curl -s "$API/games/$GAME/log" -H "authorization: Bearer $KEY" > game.ndjson
`;

export const VERIFY_HELP = `usage: arbiter verify <game.ndjson> [--origin <origin.ndjson>]
                      [--keys <URL|keys.json>] [--receipts <receipts.ndjson>]

Checks the log alone: the hash chain, the dice seed against its commitment, every roll
against the seed, every command re-decided by the rules, and the final state against the
one the server reported. Prints one line per check: PASS, FAIL or PENDING.

A log exported while the game runs has no seed yet (it is revealed when the game ends):
its seed and dice checks are PENDING, not failed. Its commands are still re-decided, with
the dice the log records, up to any sealed orders of another seat the export hides.

A fork (TB-6) begins with GameForked, the state of another game at one of its versions.
--origin names that game's exported log: the origin check proves the shared prefix (the
origin's hash chain up to that version, its hash there, and the fork's first event
re-decided on its state). Without --origin that check is PENDING.

Then it says which of three claims the log proves: each "proved", "not proved (why)" or
"failed (why)":
  consistent              every check above holds
  signed by this service  the export's signature holds against the service's key set over
                          its header and the log's own chain head and event count (--keys)
  matches these receipts  each receipt's signature holds, and the log holds the receipt's
                          chain head at its last event, and its events (--receipts)

--keys takes the service's key set: a JWKS file, or a URL (the service's address, e.g.
http://127.0.0.1:3000, gets /.well-known/arbiter-keys.json; only the URL given is fetched).
Without --keys the signature is not checked. A key the set marks revoked is named with
its date, and fails.
--receipts takes a file of the receipts a player kept from the commands' answers: one
receipt (JSON) a line, or a JSON array of them. A log changed after a receipt was issued
fails, naming the receipt and the line where the log first differs from it.

exit status:
  0  every check holds (and the signature and receipts, when given, are not failed)
  1  a check failed: the log is not what the referee decided, or was altered, or its
     signature or a receipt does not hold
  2  the command was used wrongly, or the file is not a readable Arbiter log
  3  no check failed, but some are pending until the game ends and its seed is revealed
`;

export const KEYS_HELP = `usage: arbiter keys <URL|keys.json>

Lists the service's public signing keys (TRUST-1): the one that signs now first, then the
older ones, each with its id (kid, which every signature names), algorithm and dates: when
it was made, retired (a newer key took over; what it signed still verifies) and revoked
(not trusted from that time on; verify names it).

The argument is the service's address (e.g. https://arbiter.example.org or
http://127.0.0.1:3000; a bare address gets /.well-known/arbiter-keys.json, and only that
URL is fetched) or a key set file (JWKS) kept from it. Keep a copy: verify --keys takes it.

exit status:
  0  the keys are listed
  2  the command was used wrongly, or the address or file holds no key set
`;

export const REPLAY_HELP = `usage:
  arbiter replay <game.ndjson> [--at N] [--seat S] [--json | --svg FILE [--arcs]]
  arbiter replay <game.ndjson> --explain N

options:
  --at N        the game after event N (default: the last event)
  --seat S      as seat S saw it (default: the seat the log was exported for, or a spectator)
  --json        print the state as JSON instead of a summary
  --svg FILE    write the battlefield to FILE as SVG, the picture the viewer at / draws,
                captioned with the game, the event, the turn and the phase
  --arcs        with --svg: draw every GSC2 battery's firing arc
  --explain N   every roll of event N in sentences: target, modifiers, rule IDs

exit status: 0 done, 2 the command was used wrongly or the file is not a readable log
`;

export const VERIFY_TOURNAMENT_HELP = `usage: arbiter verify-tournament <tournament.ndjson> [--keys <URL|keys.json>]

Checks a tournament export (GET /tournaments/{id}/export: the tournament's log, then every
game log it references): the tournament's hash chain, its revealed seed against the
commitment, every command re-decided with that seed (so every round's pairing and the final
standings are recomputed), every result against the game log it came from, and each game log
as arbiter verify checks it. Every check is run and every failure is printed, each naming the
export's line, the game logs' first: a game log that fails is named before the tournament's
record of it.

--keys checks the signatures too: the export's, over its header and the tournament log's
chain head, and each game log's own (a JWKS file or a URL, as for arbiter verify), one line
each that fails. Without --keys the signatures are not checked.

exit status:
  0  every check holds
  1  a check failed, or a signature does not hold
  2  the command was used wrongly, or the file is not a tournament export
`;

export const SIGN_HELP = `usage:
  arbiter sign --new-key <player-key.pem>
  arbiter sign --key <player-key.pem> --game <g_…> --id <commandId> [--expected-version N] '<command JSON>'
  arbiter sign --key <player-key.pem> --game <g_…> --id <commandId> --file <command.json | ->

Signs a command with your own Ed25519 key (TRUST-6), so the log proves you sent it: the
service keeps the signature in the command's event, and arbiter verify names the seat,
player and key of every signed command.

--new-key FILE  makes a key pair: the private key goes in FILE (PEM, readable by you only;
                an existing file is never overwritten), and the public key is printed as
                the body to register it:
                  curl -XPOST "$API/players/me/signing-keys" -H "authorization: Bearer $KEY" -d @public.json
--key FILE      signs with the private key in FILE, over {gameId, commandId, command}, and
                prints the body of POST /games/{id}/commands: {commandId, command, signature}
                (and expectedVersion when given); send it as it is:
                  arbiter sign --key me.pem --game $GAME --id c7 '{"type":"EndPhase"}' |
                    curl -XPOST "$API/games/$GAME/commands" -H "authorization: Bearer $KEY" -d @-
--file FILE     reads the command's JSON from FILE (- for standard input)

exit status: 0 done, 2 the command was used wrongly or a file is not what it should be
`;
