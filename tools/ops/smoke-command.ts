/**
 * AWS-1 `npm run smoke`'s command line (scripts/smoke.ts runs it on the process's own
 * arguments and output): its options, the refusals that exit 2 before anything is sent, the
 * smoke itself (tools/ops/smoke.ts) and its verdict, exit 0 when every check passed and 1
 * when one failed. A function of argv and where it prints, so the smoke's tests can run a
 * refusal or a failing check in their own process (test/e2e/smoke.e2e.test.ts).
 */
import { parseDuration } from '../../domain/kernel/duration.ts';
import { type CommandIo, commandLine, stackOutputs } from './command-line.ts';
import { runSmoke } from './smoke.ts';

export const SMOKE_USAGE = `usage: npm run smoke -- --url URL | --outputs cdk-outputs.json
  [--deadline PT2M]         every phase's deadline (ISO 8601; Scheduler fires within a minute of it)
  [--deadline-slack 180]    seconds after the deadline a DeadlinePassed may still arrive
  [--webhook-wait 120]      seconds a webhook may take to arrive
  [--webhook-url URL]       the public URL that reaches the receiver (a deployed stack calls only public https URLs)
  [--webhook-port 0]        the receiver's port on --webhook-host (127.0.0.1); 0 picks a free one
  [--skip-webhook]          no webhook check`;

/** How a run in this process stops early (a refusal, --help): the exit code it would have had. */
class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** `npm run smoke -- <argv>`, printing through `print`; resolves to the exit code. */
export const smokeCommand = async (argv: readonly string[], print: Pick<CommandIo, 'out' | 'err'>): Promise<number> => {
  const io: CommandIo = {
    ...print,
    exit: (code) => {
      throw new Exit(code);
    },
  };
  try {
    return await smoke(argv, io);
  } catch (error) {
    if (error instanceof Exit) return error.code;
    throw error;
  }
};

const smoke = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  const { values, refuse } = commandLine(
    'smoke',
    SMOKE_USAGE,
    {
      url: { type: 'string' },
      outputs: { type: 'string' },
      deadline: { type: 'string', default: 'PT2M' },
      'deadline-slack': { type: 'string', default: '180' },
      'webhook-wait': { type: 'string', default: '120' },
      'webhook-url': { type: 'string' },
      'webhook-host': { type: 'string', default: '127.0.0.1' },
      'webhook-port': { type: 'string', default: '0' },
      'skip-webhook': { type: 'boolean', default: false },
    },
    argv,
    io,
  );

  const url =
    values.url ?? (values.outputs ? (stackOutputs(values.outputs, 'ApiUrl', refuse).ApiUrl as string) : refuse('give --url or --outputs'));
  const target = (() => {
    try {
      return new URL(url);
    } catch {
      return refuse(`--url ${url} is not a URL`);
    }
  })();
  const loopback = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(target.hostname);
  if (parseDuration(values.deadline) === null) refuse(`--deadline takes an ISO 8601 duration like PT2M, not "${values.deadline}"`);
  const number = (name: 'deadline-slack' | 'webhook-wait' | 'webhook-port') => {
    const n = Number(values[name]);
    return Number.isInteger(n) && n >= 0 ? n : refuse(`--${name} takes a whole number, not "${values[name]}"`);
  };
  if (!values['skip-webhook'] && !loopback && !values['webhook-url'])
    refuse(
      `${url} is not this machine: its webhooks go only to public https URLs. Run a tunnel to the receiver (for example cloudflared tunnel --url http://127.0.0.1:8787) and pass --webhook-url https://… --webhook-port 8787, or --skip-webhook`,
    );

  io.out(`Arbiter smoke test against ${url} (every phase's deadline ${values.deadline})`);
  const started = performance.now();
  const checks = await runSmoke({
    url,
    deadline: values.deadline,
    deadlineSlackMs: number('deadline-slack') * 1000,
    webhookWaitMs: number('webhook-wait') * 1000,
    webhook: values['skip-webhook']
      ? null
      : {
          host: values['webhook-host'],
          port: number('webhook-port'),
          ...(values['webhook-url'] ? { publicUrl: values['webhook-url'] } : {}),
        },
    log: (line) => io.out(line),
  });
  const passed = checks.filter((c) => c.status === 'ok').length;
  const ok = passed === checks.length;
  io.out(`${ok ? 'PASS' : 'FAIL'}: ${passed} of ${checks.length} checks passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return ok ? 0 : 1;
};
