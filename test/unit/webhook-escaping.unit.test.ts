/**
 * REL-24: a name (or any text a user could write) shows in a notification as the characters
 * written, in every format: never a line of its own, a link, a mention or formatting. The
 * names here are stored ones from before names were checked, which the messages must
 * still make inert.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Notice, webhookBody } from '../../functions/notifications/app/webhook-messages.ts';
import { describeChar, nameProblem } from '../../functions/players/app/names.ts';

const notice = (playerName: string, over: Partial<Notice> = {}): Notice => ({
  kind: 'seat-awaited',
  subscriptionId: 'wh_1',
  eventId: 'g_1:12:SeatAwaited:red',
  event: 'SeatAwaited',
  gameId: 'g_1',
  seq: 12,
  at: '2025-03-01T10:00:00.000Z',
  ruleset: 'post-galactica',
  rulesetTitle: 'Post Galactica',
  seat: { seat: 'red', playerId: 'p_1', playerName },
  turn: 2,
  round: 1,
  phase: 'movement',
  deadline: '2025-03-03T10:00:00.000Z',
  result: null,
  ...over,
});

const FORGED_LINE = 'ann\nDeadline: extended to 2099-01-01 by the organiser.';
const MASKED_LINK = '[Claim your prize](https://prize.example/claim)';

/** What each format's receiver shows: Discord's content, Slack's text, the JSON payload's sentence. */
const shown = (name: string, over: Partial<Notice> = {}) => ({
  discord: (JSON.parse(webhookBody('discord', notice(name, over))) as { content: string }).content,
  slack: (JSON.parse(webhookBody('slack', notice(name, over))) as { text: string }).text,
  json: (JSON.parse(webhookBody('json', notice(name, over))) as { data: { text: string } }).data.text,
});

describe('REL-24 a name cannot forge a line', () => {
  it('REL-24 a line break in a name forges no "Deadline:" line in Discord, Slack or JSON', () => {
    const { discord, slack, json } = shown(FORGED_LINE);
    expect(discord.split('\n')).toEqual([
      'ann\uFFFDDeadline\\: extended to 2099\\-01\\-01 by the organiser\\. (red) must act in Post Galactica game g_1.',
      'Turn 2, round 1, movement phase.',
      'Deadline: 2025-03-03 10:00 UTC.',
    ]);
    expect(slack.split('\n')).toEqual([
      'ann\uFFFDDeadline: extended to 2099-01-01 by the organiser. (red) must act in Post Galactica game g_1.',
      'Turn 2, round 1, movement phase.',
      'Deadline: 2025-03-03 10:00 UTC.',
    ]);
    expect(json).toBe(slack);
  });

  it('REL-24 CR, LINE SEPARATOR, PARAGRAPH SEPARATOR, NEXT LINE and bidi overrides are each replaced, in every format', () => {
    for (const name of ['ann\r\nX-Injected: 1', 'ann\u2028x', 'ann\u2029x', 'ann\u0085x', 'ann\u202egnp.exe', '\u200b\u200b']) {
      for (const [format, text] of Object.entries(shown(name))) {
        expect(text.split('\n'), `${format} ${JSON.stringify(name)}`).toHaveLength(3);
        for (const line of text.split('\n')) expect(line, format).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
      }
    }
  });

  it('REL-24 whatever a name holds, the message keeps its three lines and its own deadline (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), (name) => {
        for (const text of Object.values(shown(name))) {
          const lines = text.split('\n');
          expect(lines).toHaveLength(3);
          expect(lines[2]).toBe('Deadline: 2025-03-03 10:00 UTC.');
        }
      }),
      { seed: 24, numRuns: 500 },
    );
  });
});

describe('REL-24 a name cannot carry a link, a mention or formatting', () => {
  it('REL-24 Discord: a masked link, mentions, emoji and markdown in a name are shown as written, each marker escaped', () => {
    expect(shown(MASKED_LINK).discord).toMatch(
      /^\\\[Claim your prize\\\]\\\(https\\:\/\/prize\\\.example\/claim\\\) \(red\) must act in Post Galactica game g_1\.\n/,
    );
    expect(shown('@everyone <@123> <#9> :smile:').discord).toMatch(/^\\@everyone \\<\\@123\\> \\<\\#9\\> \\:smile\\: \(red\)/);
    expect(shown('# **big** _it_ ~~x~~ `c` ||s|| > q').discord).toMatch(
      /^\\# \\\*\\\*big\\\*\\\* \\_it\\_ \\~\\~x\\~\\~ \\`c\\` \\\|\\\|s\\\|\\\| \\> q \(red\)/,
    );
    expect(JSON.parse(webhookBody('discord', notice(MASKED_LINK))).allowed_mentions).toEqual({ parse: [] });
  });

  it('REL-24 Slack: a masked link or a mention in a name is escaped, and mrkdwn is off so *formatting* shows as written', () => {
    const body = JSON.parse(webhookBody('slack', notice('<https://prize.example/claim|Claim your prize> <!channel> *b*')));
    expect(body).toEqual({
      text: expect.stringMatching(/^&lt;https:\/\/prize\.example\/claim\|Claim your prize&gt; &lt;!channel&gt; \*b\* \(red\) must act/),
      mrkdwn: false,
    });
  });

  it('REL-24 a reason, a seat and a ruleset title are escaped like a name', () => {
    const winner = { seat: '[x](https://a.example)', playerId: 'p_2', playerName: 'Bob' };
    const ended = shown('Bob', {
      kind: 'game-ended',
      rulesetTitle: '**Title**',
      result: { winner, reason: 'red conceded\n<!here> [Claim your prize](https://prize.example)' },
    });
    expect(ended.discord).toBe(
      '\\*\\*Title\\*\\* game g_1 has ended: Bob (\\[x\\]\\(https\\://a\\.example\\)) won (red conceded\uFFFD\\<!here\\> \\[Claim your prize\\]\\(https\\://prize\\.example\\)).',
    );
    expect(ended.slack).toBe(
      '**Title** game g_1 has ended: Bob ([x](https://a.example)) won (red conceded\uFFFD&lt;!here&gt; [Claim your prize](https://prize.example)).',
    );
  });
});

describe('REL-24 which names are refused', () => {
  it.each([
    ['ann\r\nX-Injected: 1', 'U+000D CARRIAGE RETURN'],
    ['ann\u202egnp.exe', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
    ['\u200b\u200b', 'U+200B ZERO WIDTH SPACE'],
    ['ann\u2066x', 'U+2066 LEFT-TO-RIGHT ISOLATE'],
    ['ann\u0007', 'U+0007'],
    ['ann\ue000', 'U+E000'],
  ])('REL-24 %j is refused, naming %s', (name, char) => {
    expect(nameProblem(name)).toContain(`a name may not contain ${char} (`);
  });

  it('REL-24 a name of spaces and fillers alone is refused; letters, punctuation and emoji pass', () => {
    expect(nameProblem('\u3164\u3164')).toBe('a name needs at least one visible character');
    for (const name of ['Ann', 'Zoë O’Brien', 'Bob p4-name', '李小龍', 'عائشة', 'Ann ❤️', '🎲 dice'])
      expect(nameProblem(name), name).toBeNull();
    expect(describeChar('\u202e')).toBe('U+202E RIGHT-TO-LEFT OVERRIDE');
  });
});
