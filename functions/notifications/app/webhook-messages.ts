/**
 * What a webhook says (PBM-1, PBM-4): the kinds a subscription may ask for, the notice
 * built from an integration event, and its body as JSON, as a Discord webhook message or
 * as a Slack incoming-webhook message, with sentences a player reads in a chat channel.
 * Pure: the same notice always gives the same body, so every retry sends the same bytes.
 *
 * REL-24: every text in a sentence that is not the server's own (a name, a seat, a reason,
 * a title, a phase) goes through the format's escaping, so it shows as the characters
 * written and never as a line, a link, a mention or formatting of the platform's.
 */
import type { Receipt } from '../../../domain/kernel/receipt.ts';
import { oneLine } from '../../players/app/names.ts';

/** The kinds of notification a subscription may ask for. */
export const WEBHOOK_KINDS = [
  'your-turn',
  'seat-awaited',
  'turn-started',
  'phase-started',
  'deadline-approaching',
  'game-ended',
  'taken-back',
  'continuation',
  'tournament-paired',
  'tournament-round-started',
  'tournament-ended',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export const DEFAULT_KINDS: readonly WebhookKind[] = ['your-turn', 'game-ended'];

export const WEBHOOK_FORMATS = ['json', 'discord', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** TB-1, TB-2, TB-3: on whose authority a game is taken back. */
export type TakenBackHow = 'own' | 'agreed' | 'organiser';

export interface NoticeSeat {
  readonly seat: string;
  readonly playerId: string | null;
  readonly playerName: string | null;
}

/** One notification, self-contained: everything its sentence and its JSON need. */
export interface Notice {
  readonly kind: WebhookKind | 'ping';
  readonly subscriptionId: string;
  /** The integration event's stable id (`<gameId>:<seq>:<type>[:<seat>]`); null for a ping. */
  readonly eventId: string | null;
  readonly event: string | null;
  readonly gameId: string | null;
  readonly seq: number | null;
  readonly at: string;
  readonly ruleset: string | null;
  readonly rulesetTitle: string | null;
  /** The seat this is about: who must act, whose turn or phase began. */
  readonly seat: NoticeSeat | null;
  readonly turn: number | null;
  readonly round: number | null;
  readonly phase: string | null;
  readonly deadline: string | null;
  readonly result: { readonly winner: NoticeSeat | null; readonly reason: string } | null;
  /** PBM-7, a reminder only: how long before the deadline it was asked for (ISO 8601), and the seconds left when it fired. */
  readonly reminder?: { readonly before: string; readonly secondsLeft: number };
  /**
   * TB-1, TB-2, TB-3, a takeback only: what happened (`taken` back, or a proposal `proposed`,
   * `accepted`, `declined`), on whose authority (`own`, `agreed`, `organiser`), the version
   * the game goes back to, the events voided, the reason if one was given, and what it undoes
   * (a far takeback's sentence, rolls included).
   */
  readonly takenBack?: {
    readonly step?: 'taken' | 'proposed' | 'accepted' | 'declined';
    readonly how?: TakenBackHow;
    readonly toVersion: number;
    readonly voided: number;
    readonly reason: string | null;
    readonly summary?: string | null;
  };
  /**
   * TB-6, a continuation only: `proposed` on the origin (the seat that proposed it is `seat`; none:
   * the organiser), or `started` (the notice's game is the new one); the origin and its version.
   */
  readonly continuation?: { readonly stage: 'proposed' | 'started'; readonly from: { readonly gameId: string; readonly version: number } };
  /** CLUB-4, a tournament's pairing only: the round, the table, the opponent, the round's deadline (the game is `gameId`, the seat `seat`). */
  readonly pairing?: {
    readonly tournamentId: string;
    readonly tournamentName: string;
    readonly round: number;
    readonly table: number;
    readonly opponent: NoticeSeat;
    /** When the round's games still running are decided, or null. */
    readonly deadline: string | null;
  };
  /**
   * CLUB-7, a tournament's round start or end only: the tournament, the round (of how many), the
   * addressee's table and game in it or their bye, the round's deadline; at the end, the top of
   * the final standings and the addressee's own row; and the path of the tournament's page.
   */
  readonly tournament?: TournamentNotice;
  /**
   * TRUST-2: the service's signed receipt of the event announced (`seq..seq`, its hash the chain
   * head), so that whoever holds the message can check it and later prove the log still holds
   * it; absent from a ping, which announces no event.
   */
  readonly receipt?: Receipt;
}

/** CLUB-7: one row of a tournament's final standings, as a notice names it. */
export interface NoticeStanding {
  readonly rank: number;
  readonly playerId: string;
  readonly playerName: string | null;
  readonly points: number;
}

export interface TournamentNotice {
  readonly tournamentId: string;
  readonly tournamentName: string;
  /** The round that started, or the last round played at the end. */
  readonly round: number;
  readonly rounds: number;
  /** Round start: the addressee's table and game, null for a bye (or a round without a game of theirs). */
  readonly table?: { readonly table: number; readonly gameId: string } | null;
  readonly bye?: boolean;
  readonly deadline?: string | null;
  /** End: the top of the final standings (at most three rows), and the addressee's own row. */
  readonly top?: readonly NoticeStanding[];
  readonly you?: NoticeStanding | null;
  /** The tournament's page on the API's own host (pairings, standings, bracket): `/tournament?id=…`. */
  readonly page: string;
}

/** CLUB-7: where a tournament's page is served, beside the viewer (functions/web/assets.ts). */
export const tournamentPage = (tournamentId: string): string => `/tournament?id=${encodeURIComponent(tournamentId)}`;

/** `2025-01-03T12:00:00.000Z` → `2025-01-03 12:00 UTC`. */
export const utc = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** Makes text a user could have written inert in one format's markup. */
export type Escape = (text: string) => string;

const who = (seat: NoticeSeat, esc: Escape): string => (seat.playerName ? `${esc(seat.playerName)} (${esc(seat.seat)})` : esc(seat.seat));

const game = (n: Notice, esc: Escape): string => `${n.rulesetTitle === null ? 'the' : esc(n.rulesetTitle)} game ${n.gameId ?? ''}`.trim();

/** Sol'una numbers its phases (`p7`), the others name them (`movement`). */
const phaseName = (phase: string): string => {
  if (phase === 'choosing' || phase === 'choose-first-player') return 'choosing who plays first';
  const numbered = /^p?(\d+)$/.exec(phase);
  return numbered ? `phase ${numbered[1]}` : `${phase} phase`;
};

/** TABLE-7: a phase heading a sentence: `Phase 3` (Sol'una's numbers), `The movement phase`; never "The phase 3". */
const phaseHead = (phase: string, esc: Escape): string => {
  const name = esc(phaseName(phase));
  return name.startsWith('phase ') ? `P${name.slice(1)}` : `The ${name}`;
};

/** `Turn 2, round 1, movement phase.` with whatever is known. */
const position = (n: Notice, esc: Escape): string => {
  const parts = [
    n.turn === null ? null : `Turn ${n.turn}`,
    n.round === null ? null : `round ${n.round}`,
    n.phase === null ? null : esc(phaseName(n.phase)),
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return '';
  const text = parts.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
};

/** `1 hour`, `2 days`, `45 minutes`, `3 seconds`: the largest unit that fits, rounded. */
export const timeLeft = (seconds: number): string => {
  const units: readonly [number, string][] = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  const [size, name] = units.find(([size]) => seconds >= size - size / 120) ?? [1, 'second'];
  const count = Math.max(0, Math.round(seconds / size));
  return `${count} ${name}${count === 1 ? '' : 's'}`;
};

/** PBM-7: `before 2026-12-01 10:00 UTC (1 hour left)`. */
const reminderWhen = (n: Notice): string => {
  const left = n.reminder ? ` (${timeLeft(n.reminder.secondsLeft)} left)` : '';
  return n.deadline ? ` before ${utc(n.deadline)}${left}` : ` soon${left}`;
};

const deadlineLine = (n: Notice): string => (n.deadline ? `Deadline: ${utc(n.deadline)}.` : 'No deadline.');

const lines = (...parts: string[]): string => parts.filter((p) => p !== '').join('\n');

/** The notice as sentences, one idea a line; `esc` makes the texts that are not the server's inert (plain text by default). */
export const noticeText = (n: Notice, esc: Escape = oneLine): string => {
  const seat = n.seat;
  const where = game(n, esc);
  const plays = seat ? `: ${who(seat, esc)} plays` : '';
  switch (n.kind) {
    case 'your-turn':
    case 'seat-awaited':
      return lines(
        `${n.kind === 'your-turn' ? 'Your turn: ' : ''}${seat ? who(seat, esc) : 'A player'} must act in ${where}.`,
        position(n, esc),
        deadlineLine(n),
      );
    case 'deadline-approaching':
      return lines(`Reminder: ${seat ? who(seat, esc) : 'a player'} must act in ${where}${reminderWhen(n)}.`, position(n, esc));
    case 'turn-started':
      return lines(`Turn ${n.turn ?? '?'} has begun in ${where}${plays}.`, position(n, esc));
    case 'phase-started':
      return lines(`${n.phase ? phaseHead(n.phase, esc) : 'A new phase'} has begun in ${where}${plays}.`, position(n, esc));
    case 'game-ended': {
      const result = n.result;
      // PBM-10: an open game that expired was never played, so it is no draw.
      const unplayed = result?.reason.startsWith('expired') === true;
      const outcome = result?.winner ? `${who(result.winner, esc)} won` : unplayed ? 'it was never played' : 'it is a draw';
      return `${where.charAt(0).toUpperCase()}${where.slice(1)} has ended: ${outcome}${result?.reason ? ` (${esc(result.reason)})` : ''}.`;
    }
    case 'taken-back':
      return takenBackText(n, esc, where);
    case 'continuation': {
      const from = n.continuation?.from;
      if (n.continuation?.stage === 'started')
        return `${where.charAt(0).toUpperCase()}${where.slice(1)} has started: it continues game ${from?.gameId ?? '?'} from version ${from?.version ?? '?'}, with the same seats and new deadlines.`;
      return `${seat ? who(seat, esc) : 'The organiser'} proposed continuing ${where} from version ${from?.version ?? '?'} in a new game; it starts when every seat accepts (AcceptFork).`;
    }
    case 'tournament-paired': {
      const p = n.pairing;
      const opponent = p ? who(p.opponent, esc) : 'an opponent';
      return lines(
        `Round ${p?.round ?? '?'} of ${p ? esc(p.tournamentName) : 'your tournament'}: you play ${opponent}${seat ? ` as ${esc(seat.seat)}` : ''} at table ${p?.table ?? '?'}, in ${where}.`,
        p?.deadline ? `The round ends ${utc(p.deadline)}.` : 'The round has no deadline.',
      );
    }
    case 'tournament-round-started':
      return roundStartedText(n, esc);
    case 'tournament-ended':
      return tournamentEndedText(n, esc);
    case 'ping':
      return `Test ping from Arbiter for webhook ${n.subscriptionId}: notifications will arrive here.`;
  }
};

/** `2`, `1½`, `½`: points as a standings table shows them. */
export const pointsText = (points: number): string => {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5 ? '½' : '';
  return whole === 0 && half ? half : `${whole}${half}`;
};

const standingText = (row: NoticeStanding, esc: Escape): string =>
  `${row.rank}. ${row.playerName === null ? esc(row.playerId) : esc(row.playerName)}, ${pointsText(row.points)} point${row.points === 1 ? '' : 's'}`;

/** CLUB-7: a round has begun: its number, the addressee's table and game or bye, its deadline, the page. */
const roundStartedText = (n: Notice, esc: Escape): string => {
  const t = n.tournament;
  if (!t) return 'A round of your tournament has begun.';
  const yours = t.bye
    ? 'You have the bye this round (1 point).'
    : t.table
      ? `You play at table ${t.table.table}, in ${n.rulesetTitle === null ? 'the' : esc(n.rulesetTitle)} game ${t.table.gameId}.`
      : 'You have no game this round.';
  return lines(
    `Round ${t.round} of ${t.rounds} of ${esc(t.tournamentName)} has begun.`,
    yours,
    t.deadline ? `The round ends ${utc(t.deadline)}.` : 'The round has no deadline.',
    `Pairings and standings: ${t.page}`,
  );
};

/** CLUB-7: the tournament has ended: the top of its final standings, the addressee's place, the page. */
const tournamentEndedText = (n: Notice, esc: Escape): string => {
  const t = n.tournament;
  if (!t) return 'Your tournament has ended.';
  const top = t.top ?? [];
  const you = t.you && !top.some((row) => row.playerId === t.you?.playerId) ? `You finished ${standingText(t.you, esc)}.` : '';
  return lines(
    `${esc(t.tournamentName)} has ended after ${t.round} round${t.round === 1 ? '' : 's'}${top[0] ? `: ${top[0].playerName === null ? esc(top[0].playerId) : esc(top[0].playerName)} wins` : ''}.`,
    ...top.map((row) => standingText(row, esc)),
    you,
    `Final standings and every game: ${t.page}`,
  );
};

/** TB-1, TB-2, TB-3: a takeback, or a proposal of one and its answers, in sentences. */
const takenBackText = (n: Notice, esc: Escape, where: string): string => {
  const back = n.takenBack;
  const seat = n.seat;
  const actor = seat ? who(seat, esc) : 'A player';
  const reason = back?.reason ? ` (${esc(back.reason)})` : '';
  const count = back ? `${back.voided} event${back.voided === 1 ? '' : 's'}` : 'events';
  const to = `version ${back?.toVersion ?? '?'}`;
  // The summary is the server's own sentence, built from the log; it names seats and purposes, so it is escaped too.
  const summary = back?.summary ? esc(back.summary) : '';
  switch (back?.step) {
    case 'proposed':
      return lines(`${actor} proposes taking ${where} back to ${to}${reason}; every other seat must accept.`, summary);
    case 'accepted':
      return lines(`${actor} accepts taking ${where} back to ${to}.`);
    case 'declined':
      return lines(`${actor} declines taking ${where} back to ${to}; the game goes on.`);
    default:
      break;
  }
  const head =
    back?.how === 'organiser'
      ? `The organiser took ${where} back to ${to}, voiding ${count}${reason}.`
      : back?.how === 'agreed'
        ? `${where.charAt(0).toUpperCase()}${where.slice(1)} was taken back to ${to} by agreement, as ${actor} proposed, voiding ${count}${reason}.`
        : `${actor} took back ${count} of their own in ${where}, back to ${to}${reason}.`;
  return lines(head, back?.how === 'own' || back?.how === undefined ? '' : summary, position(n, esc), deadlineLine(n));
};

/**
 * Slack reads `&`, `<` and `>` as markup (links such as <https://…|Claim your prize>, mentions
 * such as <!channel>): escaped as Slack asks. Its mrkdwn (*bold*, _italic_, ~strike~, `code`,
 * > quotes) has no escape, so the body turns mrkdwn off instead (`mrkdwn: false`).
 */
export const slackEscape: Escape = (text) => oneLine(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Discord markdown: bold, italics, strikes, code, spoilers (`||`), masked links ([text](url)),
 * headings and lists at a line's start (`#`, `-`, `+`, `1.`), quotes (`>`), mentions and
 * channels (`@`, `<@…>`, `<#…>`), emoji (`:name:`) and URLs (`https:`). Each marker gets a
 * backslash, which Discord shows as the character itself.
 */
export const discordEscape: Escape = (text) => oneLine(text).replace(/[\\*_~`|[\]()<>#+\-.:@]/g, '\\$&');

/** Discord's limits: a message's content, and an embed footer's text. */
const DISCORD_LIMIT = 2000;
const DISCORD_FOOTER_LIMIT = 2048;

/**
 * TRUST-2: a receipt in one line a player reads: `Receipt: events 12..14, head 3f2a9c01…, key <kid>`.
 * Its values are the server's own (digits, hex, base64url); `code` keeps a `_` of a key id from
 * reading as Discord's italics.
 */
export const receiptLine = (receipt: Receipt, code: (text: string) => string = (text) => text): string =>
  `Receipt: events ${receipt.from}..${receipt.to}, head ${code(`${receipt.chainHead.slice(0, 8)}…`)}, key ${code(receipt.signature.kid)}`;

/** The whole receipt as one line of JSON, to copy into `arbiter verify --receipts`. */
const receiptJson = (receipt: Receipt): string => JSON.stringify(receipt);

/**
 * A Discord message: the notice's sentences as its content, and its receipt in an embed, the line
 * as the embed's description and the whole receipt as its footer, which holds 2048 characters (a
 * receipt, certificate and all, is about 700): the sentences keep the content's 2000 to themselves.
 */
const discordBody = (notice: Notice): Record<string, unknown> => {
  const receipt = notice.receipt;
  const full = receipt ? receiptJson(receipt) : '';
  const embed = { title: 'Receipt', description: receipt ? receiptLine(receipt, (text) => `\`${text}\``) : '', footer: { text: full } };
  // Player names are chosen by players: no @everyone, role or user pings from them, even escaped.
  return {
    content: noticeText(notice, discordEscape).slice(0, DISCORD_LIMIT),
    allowed_mentions: { parse: [] },
    ...(receipt && full.length <= DISCORD_FOOTER_LIMIT ? { embeds: [embed] } : {}),
  };
};

/**
 * A Slack message: the notice's sentences as its text, and its receipt in an attachment, the line
 * then the whole receipt as JSON (plain text: an attachment's text is mrkdwn only when it asks).
 */
const slackBody = (notice: Notice): Record<string, unknown> => {
  const receipt = notice.receipt;
  const text = noticeText(notice, slackEscape);
  if (!receipt) return { text, mrkdwn: false };
  const line = receiptLine(receipt);
  return { text, mrkdwn: false, attachments: [{ fallback: line, text: `${line}\n${slackEscape(receiptJson(receipt))}`, mrkdwn_in: [] }] };
};

/** The request body for a subscription's format. */
export const webhookBody = (format: WebhookFormat, notice: Notice): string => {
  switch (format) {
    case 'discord':
      return JSON.stringify(discordBody(notice));
    case 'slack':
      return JSON.stringify(slackBody(notice));
    case 'json':
      // The Standard Webhooks payload shape: type, timestamp, data (the receiver renders the data as it likes).
      return JSON.stringify({ type: notice.kind, timestamp: notice.at, data: { ...notice, text: noticeText(notice) } });
  }
};
