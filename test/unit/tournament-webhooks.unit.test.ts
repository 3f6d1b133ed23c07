/**
 * CLUB-7: the webhooks of a tournament's round start and end, in every format: who hears which
 * (kindFor), what the integration events carry (tournamentNotices, from a tournament played
 * through in the domain) and what each format says (noticeText, webhookBody).
 */
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { IntegrationEvent } from '../../functions/kernel/ports.ts';
import { kindFor } from '../../functions/notifications/app/webhook-fanout.ts';
import { type Notice, noticeText, pointsText, WEBHOOK_KINDS, webhookBody } from '../../functions/notifications/app/webhook-messages.ts';
import { tournamentNotices } from '../../functions/tournaments/app/tournament-rounds.ts';
import { openTournament, playerIds, playThrough, TOURNAMENT_ID } from '../support/tournament.ts';

const base: Notice = {
  kind: 'tournament-round-started',
  subscriptionId: 'wh_1',
  eventId: 't_cup:9:round-started:p_1',
  event: 'TournamentRoundStarted',
  gameId: 'g_0123456789abcdef0123',
  seq: 9,
  at: '2026-03-01T12:00:00.000Z',
  ruleset: 'post-galactica',
  rulesetTitle: 'Post Galactica',
  seat: null,
  turn: null,
  round: null,
  phase: null,
  deadline: '2026-03-03T12:00:00.000Z',
  result: null,
  tournament: {
    tournamentId: 't_cup',
    tournamentName: 'Autumn Swiss',
    round: 2,
    rounds: 3,
    table: { table: 4, gameId: 'g_0123456789abcdef0123' },
    bye: false,
    deadline: '2026-03-03T12:00:00.000Z',
    page: '/tournament?id=t_cup',
  },
};

const ended: Notice = {
  ...base,
  kind: 'tournament-ended',
  event: 'TournamentEnded',
  gameId: null,
  deadline: null,
  tournament: {
    tournamentId: 't_cup',
    tournamentName: 'Autumn Swiss',
    round: 3,
    rounds: 3,
    top: [
      { rank: 1, playerId: 'p_1', playerName: 'Ann', points: 3 },
      { rank: 2, playerId: 'p_2', playerName: 'Bob', points: 2.5 },
      { rank: 3, playerId: 'p_3', playerName: null, points: 2 },
    ],
    you: { rank: 6, playerId: 'p_6', playerName: 'Fay', points: 0.5 },
    page: '/tournament?id=t_cup',
  },
};

/** What each format's receiver shows. */
const shown = (n: Notice) => ({
  discord: (JSON.parse(webhookBody('discord', n)) as { content: string }).content,
  slack: (JSON.parse(webhookBody('slack', n)) as { text: string }).text,
  json: (JSON.parse(webhookBody('json', n)) as { type: string; data: Notice & { text: string } }).data,
});

describe('CLUB-7 a round start and the final standings, in every format', () => {
  it('CLUB-7 a round start names the round, the table and game, the deadline and the page', () => {
    expect(noticeText(base).split('\n')).toEqual([
      'Round 2 of 3 of Autumn Swiss has begun.',
      'You play at table 4, in Post Galactica game g_0123456789abcdef0123.',
      'The round ends 2026-03-03 12:00 UTC.',
      'Pairings and standings: /tournament?id=t_cup',
    ]);
    const bye = { ...base, gameId: null, tournament: { ...base.tournament, table: null, bye: true, deadline: null } } as Notice;
    expect(noticeText(bye).split('\n').slice(1, 3)).toEqual(['You have the bye this round (1 point).', 'The round has no deadline.']);
  });

  it('CLUB-7 the end names the winner, the top three with points, your own place and the page', () => {
    expect(noticeText(ended).split('\n')).toEqual([
      'Autumn Swiss has ended after 3 rounds: Ann wins.',
      '1. Ann, 3 points',
      '2. Bob, 2½ points',
      '3. p_3, 2 points',
      'You finished 6. Fay, ½ points.',
      'Final standings and every game: /tournament?id=t_cup',
    ]);
    // A player in the top three is not told their place twice.
    const first = { ...ended, tournament: { ...ended.tournament, you: ended.tournament?.top?.[0] } } as Notice;
    expect(noticeText(first).split('\n')).toHaveLength(5);
    expect([pointsText(0), pointsText(0.5), pointsText(1), pointsText(4.5)]).toEqual(['0', '½', '1', '4½']);
  });

  it('CLUB-7 Discord, Slack and JSON each carry it, a name written in markup shown as written', () => {
    const marked = {
      ...ended,
      tournament: {
        ...ended.tournament,
        tournamentName: '<!channel> *Cup*',
        top: [{ rank: 1, playerId: 'p_1', playerName: '@everyone', points: 3 }],
      },
    } as Notice;
    const { discord, slack, json } = shown(marked);
    expect(discord.split('\n')[0]).toBe('\\<!channel\\> \\*Cup\\* has ended after 3 rounds: \\@everyone wins.');
    expect(slack.split('\n')[0]).toBe('&lt;!channel&gt; *Cup* has ended after 3 rounds: @everyone wins.');
    expect(JSON.parse(webhookBody('discord', marked)).allowed_mentions).toEqual({ parse: [] });
    expect(JSON.parse(webhookBody('slack', marked)).mrkdwn).toBe(false);
    expect(json.tournament?.top?.[0]?.playerName).toBe('@everyone');
    expect(json.text.split('\n')[0]).toBe('<!channel> *Cup* has ended after 3 rounds: @everyone wins.');
    expect(JSON.parse(webhookBody('json', base)).type).toBe('tournament-round-started');
  });
});

const event = (type: IntegrationEvent['type'], playerId: string): IntegrationEvent => ({
  id: `t_cup:9:x:${playerId}`,
  type,
  gameId: 't_cup',
  seq: 9,
  at: base.at,
  detail: { playerId },
});

describe('CLUB-7 who hears a round start and the end', () => {
  it('CLUB-7 only its addressee, and only on a subscription that asks for the kind', () => {
    expect(WEBHOOK_KINDS).toContain('tournament-round-started');
    expect(WEBHOOK_KINDS).toContain('tournament-ended');
    expect(kindFor(event('TournamentRoundStarted', 'p_1'), ['tournament-round-started'], 'p_1')).toBe('tournament-round-started');
    expect(kindFor(event('TournamentRoundStarted', 'p_1'), ['tournament-round-started'], 'p_2')).toBeNull();
    expect(kindFor(event('TournamentRoundStarted', 'p_1'), ['your-turn', 'game-ended', 'tournament-paired'], 'p_1')).toBeNull();
    expect(kindFor(event('TournamentEnded', 'p_1'), ['tournament-ended'], 'p_1')).toBe('tournament-ended');
    expect(kindFor(event('TournamentEnded', 'p_1'), ['tournament-round-started'], 'p_1')).toBeNull();
  });

  it('CLUB-7 a Swiss of 5: each round tells the four paired players their table and the fifth the bye; the end tells all five the top three', () => {
    const players = playerIds(5);
    const spec = playThrough(openTournament('swiss', players, 2), (_round, red, blue) => (red < blue ? 'red' : 'blue'));
    const state = spec.state;
    const paired = spec.log.filter((e) => e.type === 'RoundPaired');
    expect(paired).toHaveLength(2);
    const first = tournamentNotices(state, paired[0] as EventEnvelope);
    const round1 = paired[0]?.data as unknown as { bye: string; pairings: { table: number; red: string; gameId: string }[] };
    expect(first.map((e) => e.type)).toEqual(Array(5).fill('TournamentRoundStarted'));
    expect(new Set(first.map((e) => e.detail.playerId))).toEqual(new Set(players));
    const bye = first.find((e) => e.detail.playerId === round1.bye);
    expect(bye?.detail).toMatchObject({
      round: 1,
      rounds: 2,
      bye: true,
      table: null,
      tournamentId: TOURNAMENT_ID,
      tournamentName: 'Spring Swiss',
    });
    const table1 = round1.pairings[0];
    expect(first.find((e) => e.detail.playerId === table1?.red)?.detail.table).toEqual({ table: table1?.table, gameId: table1?.gameId });
    expect(new Set(first.map((e) => e.id)).size).toBe(5);

    const end = spec.log.find((e) => e.type === 'TournamentEnded') as EventEnvelope;
    const told = tournamentNotices(state, end);
    const final = (end.data as { standings: { playerId: string; halfPoints: number }[] }).standings;
    expect(told.map((e) => e.detail.playerId)).toEqual(final.map((r) => r.playerId));
    expect(told[0]?.detail.top).toEqual(final.slice(0, 3).map((r, i) => ({ rank: i + 1, playerId: r.playerId, points: r.halfPoints / 2 })));
    expect(told[4]?.detail).toMatchObject({
      round: 2,
      you: { rank: 5, playerId: final[4]?.playerId, points: (final[4]?.halfPoints ?? 0) / 2 },
    });
    expect(tournamentNotices(state, spec.log.find((e) => e.type === 'RoundEnded') as EventEnvelope)).toEqual([]);
  });
});
