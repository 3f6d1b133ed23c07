/**
 * AWS-3 `npm run redrive`: a way back for what the pipeline gave up on (tools/ops/redrive*.ts).
 *
 *   local: npm run redrive [-- --data-dir .data]
 *          the records npm start set aside in <data-dir>/failed-stream-records.ndjson; with
 *          npm start running, add --endpoint <its DynamoDB Local URL> (it prints it); stopped,
 *          this starts DynamoDB Local on the folder itself.
 *   AWS:   npm run redrive -- --aws --outputs cdk-outputs.json   (from npx cdk deploy --outputs-file cdk-outputs.json)
 *          the three stream on-failure queues, the deadline dead-letter queue, and the webhook
 *          dead-letter queue moved back to its delivery queue. Needs AWS credentials and region.
 *
 * Exit 0 when everything was redriven, 1 when something is left (it says what and why), 2
 * for a mistake in how it was called.
 */
import { existsSync } from 'node:fs';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SQSClient } from '@aws-sdk/client-sqs';
import { everyRuleset } from '../domain/rulesets.ts';
import { EventBridgeBus } from '../functions/adapters/bus.ts';
import { createDynamoClient } from '../functions/adapters/dynamo-client.ts';
import { createDeps } from '../functions/adapters/dynamo-deps.ts';
import { EventBridgeScheduler } from '../functions/adapters/scheduler.ts';
import { tableNames } from '../functions/adapters/tables.ts';
import { startDynamoLocal } from '../infra/local/dynamodb-local.ts';
import { failedRecordsPath } from '../infra/local/failed-records.ts';
import { commandLine, stackOutputs } from '../tools/ops/command-line.ts';
import {
  type AwsRedriveContext,
  drainQueue,
  moveWebhookDeadLetters,
  type RedriveOutput,
  redriveDeadline,
  redriveStreamFailure,
  SqsQueue,
} from '../tools/ops/redrive-aws.ts';
import { redriveFailedRecords } from '../tools/ops/redrive-local.ts';

const USAGE = `usage: npm run redrive [-- --data-dir .data] [--endpoint http://127.0.0.1:PORT] [--prefix P]
       npm run redrive -- --aws --outputs cdk-outputs.json [--region eu-west-1]`;

const { values, refuse } = commandLine('redrive', USAGE, {
  'data-dir': { type: 'string', default: process.env.ARBITER_DATA_DIR ?? '.data' },
  endpoint: { type: 'string' },
  prefix: { type: 'string' },
  aws: { type: 'boolean', default: false },
  outputs: { type: 'string' },
  region: { type: 'string' },
});

const local = async (): Promise<boolean> => {
  const path = failedRecordsPath(values['data-dir']);
  if (!existsSync(path)) {
    console.log(`redrive: nothing set aside (${path} does not exist).`);
    return true;
  }
  const dynamo = values.endpoint ? null : await startDynamoLocal({ dataDir: values['data-dir'] });
  const { client } = createDynamoClient({ endpoint: values.endpoint ?? dynamo?.endpoint ?? '' });
  try {
    const tables = tableNames(values.prefix);
    const result = await redriveFailedRecords({ deps: createDeps(client, tables, everyRuleset()), scheduler: null }, path);
    for (const game of result.games) for (const line of game.lines) console.log(`  ${game.ok ? 'ok  ' : 'FAIL'} ${line}`);
    console.log(`redrive: ${result.removed} record(s) redriven and removed from ${path}; ${result.left.length} left.`);
    if (result.games.some((g) => g.ok))
      console.log('redrive: notifications of those records are not re-sent from here; restarting npm start publishes them again.');
    return result.left.length === 0;
  } finally {
    client.destroy();
    await dynamo?.stop();
  }
};

const aws = async (): Promise<boolean> => {
  if (!values.outputs) return refuse('--aws needs --outputs cdk-outputs.json (npx cdk deploy --outputs-file cdk-outputs.json)');
  const outputs = stackOutputs(values.outputs, 'ProjectorFailuresQueueUrl', refuse, `${values.outputs} has no Arbiter stack outputs`);
  const output = (name: RedriveOutput): string =>
    outputs[name] ?? refuse(`${values.outputs} has no ${name} output; deploy this version of the stack`);
  const region = values.region ?? process.env.AWS_REGION ?? /sqs\.([a-z0-9-]+)\./.exec(output('ProjectorFailuresQueueUrl'))?.[1];
  const config = region ? { region } : {};
  const { client } = createDynamoClient(config);
  const tables = { events: output('EventsTableName'), games: output('GamesTableName') };
  const sqs = new SQSClient(config);
  const context: AwsRedriveContext = {
    deps: createDeps(client, tables, everyRuleset()),
    scheduler: new EventBridgeScheduler(new SchedulerClient(config), {
      group: output('ScheduleGroupName'),
      targetArn: output('PhaseTimerArn'),
      roleArn: output('SchedulerRoleArn'),
      deadLetterArn: output('DeadlineDeadLettersQueueArn'),
    }),
    streams: new DynamoDBStreamsClient(config),
    bus: new EventBridgeBus(new EventBridgeClient(config), output('EventBusName')),
  };
  let left = 0;
  const queues = [
    ['projector on-failure queue', 'ProjectorFailuresQueueUrl', redriveStreamFailure(context, 'projector')],
    ['timer reactor on-failure queue', 'TimerReactorFailuresQueueUrl', redriveStreamFailure(context, 'timer-reactor')],
    ['publisher on-failure queue', 'PublisherFailuresQueueUrl', redriveStreamFailure(context, 'publisher')],
    ['tournament reactor on-failure queue', 'TournamentReactorFailuresQueueUrl', redriveStreamFailure(context, 'tournaments')],
    ['deadline dead-letter queue', 'DeadlineDeadLettersQueueUrl', redriveDeadline(context)],
  ] as const;
  for (const [name, url, redrive] of queues) {
    const drained = await drainQueue(new SqsQueue(sqs, output(url)), redrive);
    for (const line of drained.lines) console.log(`  ${line}`);
    console.log(`redrive: ${name}: ${drained.redriven} redriven and deleted, ${drained.kept} left.`);
    left += drained.kept;
  }
  try {
    console.log(`redrive: ${await moveWebhookDeadLetters(sqs, output('WebhookDeadLettersQueueArn'), output('WebhookQueueArn'))}`);
  } catch (error) {
    // One move task per queue at a time: a second redrive while one runs is told so.
    console.log(`redrive: webhook dead letters not moved: ${(error as Error).message}`);
    left += 1;
  }
  client.destroy();
  return left === 0;
};

const ok = values.aws ? await aws() : await local();
process.exit(ok ? 0 : 1);
