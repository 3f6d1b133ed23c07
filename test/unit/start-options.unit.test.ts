/**
 * DOC-5: how `npm start` reads what it was asked for, without starting anything. Every way of
 * asking wrongly is one sentence (main.ts prints it after "Arbiter: " and exits 2); the real
 * `npm start` is run in test/e2e/npm-start.e2e.test.ts only where npm or the machine is the
 * subject (npm keeping an option, a busy port, no Java, the whole lifecycle).
 */
import { describe, expect, it } from 'vitest';
import { readStartOptions, type StartOptions } from '../../infra/local/start-options.ts';

const sentence = (options: StartOptions) => (options.kind === 'refused' ? options.sentence : `not refused: ${options.kind}`);
const settings = (options: StartOptions) => {
  if (options.kind !== 'start') throw new Error(`expected settings, got ${JSON.stringify(options)}`);
  return options.settings;
};

describe('DOC-5 npm start told wrongly is one sentence, before anything starts', () => {
  it('DOC-5 npm start --port 4301 (without --): npm kept the option, and the sentence says how to pass it', () => {
    // npm sets npm_config_port for itself and passes only the value on.
    expect(sentence(readStartOptions(['4301'], { npm_config_port: '' }))).toBe(
      'npm kept --port for itself; put -- before the options: npm start -- --port 4301',
    );
    expect(sentence(readStartOptions([], { npm_config_memory: 'true' }))).toBe(
      'npm kept --memory for itself; put -- before the options: npm start -- --memory',
    );
  });

  it('DOC-5 an unknown option names the options there are', () => {
    expect(sentence(readStartOptions(['--prot', '4301'], {}))).toBe(
      'there is no option --prot; the options are --port, --memory, --data-dir, --host, --allow-loopback-webhooks, --cors-origins (npm start -- --help says what each does)',
    );
  });

  it('DOC-5 a port that is not a port number from 0 to 65535 is refused, from the flag or PORT', () => {
    expect(sentence(readStartOptions(['--port', '65536'], {}))).toBe('--port takes a port number from 0 to 65535, not "65536"');
    expect(sentence(readStartOptions([], { PORT: 'http' }))).toBe('--port takes a port number from 0 to 65535, not "http"');
    expect(settings(readStartOptions(['--port', '65535'], {})).port).toBe(65535);
    expect(settings(readStartOptions(['--port', '0'], {})).port).toBe(0);
  });

  it('REL-26 a malformed ARBITER_RATE_LIMITS is one sentence naming the limit', () => {
    expect(sentence(readStartOptions(['--memory'], { ARBITER_RATE_LIMITS: 'games=lots' }))).toBe(
      'ARBITER_RATE_LIMITS: games is a whole number of requests an hour from 1, not "lots".',
    );
  });

  it('DOC-5 a malformed --cors-origins is one sentence, and the flag wins over ARBITER_CORS_ORIGINS', () => {
    expect(sentence(readStartOptions(['--cors-origins', 'example.com'], { ARBITER_CORS_ORIGINS: 'https://ok.example' }))).toBe(
      'CORS origin "example.com" is not an origin: write scheme://host[:port], scheme://host:* for any port, or * for any origin (no path, no trailing slash).',
    );
    expect(
      settings(readStartOptions(['--cors-origins', 'https://a.example'], { ARBITER_CORS_ORIGINS: 'https://b.example' })).cors.origins,
    ).toEqual(['https://a.example']);
  });

  it('DOC-5 a malformed ARBITER_MAX_WAITS_PER_KEY is one sentence', () => {
    expect(sentence(readStartOptions(['--memory'], { ARBITER_MAX_WAITS_PER_KEY: 'lots' }))).toBe(
      'ARBITER_MAX_WAITS_PER_KEY must be a whole number of at least 1, not "lots"',
    );
  });
});

describe('DOC-5 npm start -- --help, and the defaults', () => {
  it('DOC-5 --help is every option with its variable and default', () => {
    const help = readStartOptions(['--help'], {});
    if (help.kind !== 'help') throw new Error(help.kind);
    const options = help.text.split('\n').flatMap((line) => /^ {2}(?:-h, )?(--[a-z-]+)/.exec(line)?.[1] ?? []);
    expect(options).toEqual(['--port', '--host', '--data-dir', '--memory', '--allow-loopback-webhooks', '--cors-origins', '--help']);
    expect(help.text).toContain("--port N                   the API's port; 0 picks a free one [PORT] (default 3000)");
    expect(help.text).toContain('(default games=100,players=60,webhooks=60,invites=30)');
    expect(help.text).toContain('ARBITER_MAX_WAITS_PER_KEY  waiting requests (?wait=) one API key may hold at once (default 10)');
    expect(help.text).toContain('It needs Node.js ^20.19.0 || ^22.12.0 || >=24.0.0 and Java 17 or later');
    expect(readStartOptions(['-h'], {}).kind).toBe('help');
  });

  it('DOC-5 with nothing given: port 3000 on 127.0.0.1, data in .data, DynamoDB Local of its own', () => {
    const given = settings(readStartOptions([], {}));
    expect({ ...given, cors: undefined, rateLimits: undefined }).toEqual({
      port: 3000,
      host: '127.0.0.1',
      memory: false,
      dataDir: '.data',
      allowLoopback: false,
      cors: undefined,
      rateLimits: undefined,
      dynamoEndpoint: null,
      tablePrefix: null,
    });
  });

  it('DOC-5 each option also comes from its variable, and the flag wins', () => {
    const env = {
      PORT: '4000',
      HOST: '127.0.0.2',
      ARBITER_DATA_DIR: '/tmp/games',
      ARBITER_MEMORY: '1',
      ARBITER_WEBHOOKS_ALLOW_LOOPBACK: '1',
      ARBITER_DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      ARBITER_TABLE_PREFIX: 'docs-',
    };
    expect(settings(readStartOptions([], env))).toMatchObject({
      port: 4000,
      host: '127.0.0.2',
      dataDir: '/tmp/games',
      memory: true,
      allowLoopback: true,
      dynamoEndpoint: 'http://127.0.0.1:8000',
      tablePrefix: 'docs-',
    });
    expect(settings(readStartOptions(['--port', '4001', '--data-dir', 'here'], env))).toMatchObject({ port: 4001, dataDir: 'here' });
  });
});
