/**
 * Phase deadlines: the timer reactor creates one one-time EventBridge Scheduler schedule
 * per deadline in a dedicated group (and the tournament reactor one per round deadline,
 * CLUB-4); when it fires, Scheduler invokes the phase timer through a role that can do
 * nothing else. Deliveries that keep failing land in a queue.
 */
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ArbiterFunction } from './arbiter-function.ts';
import { deadLetterQueue } from './dead-letter-queue.ts';

const scheduler = 'scheduler.amazonaws.com';

export interface PhaseDeadlinesProps {
  /** Create and delete the schedules: the timer reactor (games' steps) and the tournament reactor (rounds). */
  readonly reactors: readonly ArbiterFunction[];
  /** What a schedule invokes when its deadline passes. */
  readonly phaseTimer: IFunction;
}

export class PhaseDeadlines extends Construct {
  readonly group: ScheduleGroup;
  readonly deadLetters: Queue;
  readonly schedulerRole: Role;

  constructor(scope: Construct, id: string, props: PhaseDeadlinesProps) {
    super(scope, id);
    // Schedules are derived from the log (the reactor re-creates them), so deleting the
    // stack should stop them rather than leave them firing at a function that is gone.
    this.group = new ScheduleGroup(this, 'Group', { removalPolicy: RemovalPolicy.DESTROY });
    this.deadLetters = deadLetterQueue(
      this,
      'DeadLetters',
      'phase deadline deliveries',
      'Scheduler could not invoke the phase timer for a deadline (or a reminder), so a game may be stuck waiting. Read the PhaseTimer log group and the message attributes (ERROR_CODE, ERROR_MESSAGE), fix the cause, then run npm run redrive: it fires each deadline again, which is idempotent.',
    );
    this.schedulerRole = this.createSchedulerRole(props.phaseTimer);
    for (const reactor of props.reactors) this.allowReactor(reactor, props.phaseTimer);
  }

  /** Inline policies only, so the role's whole power is visible on the role itself. */
  private createSchedulerRole(phaseTimer: IFunction): Role {
    return new Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to deliver Arbiter phase deadlines',
      // Confused-deputy guard: only schedules in this account's deadline group may use it.
      assumedBy: new ServicePrincipal(scheduler).withConditions({
        StringEquals: { 'aws:SourceAccount': Stack.of(this).account },
        ArnEquals: { 'aws:SourceArn': this.group.scheduleGroupArn },
      }),
      inlinePolicies: {
        DeliverDeadlines: new PolicyDocument({
          statements: [
            new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [phaseTimer.functionArn] }),
            new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetters.queueArn] }),
          ],
        }),
      },
    });
  }

  private allowReactor(reactor: ArbiterFunction, phaseTimer: IFunction): void {
    const schedulesInGroup = Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.group.scheduleGroupName}/*`,
    });
    reactor.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
        resources: [schedulesInGroup],
      }),
    );
    Validations.of(reactor).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${this.group.scheduleGroupName}/*]`,
      reason: 'One schedule per phase deadline, named at run time; the wildcard covers only schedules in the deadline group.',
    });
    reactor.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': scheduler } },
      }),
    );
    reactor.fn.addEnvironment('SCHEDULE_GROUP', this.group.scheduleGroupName);
    reactor.fn.addEnvironment('SCHEDULER_ROLE_ARN', this.schedulerRole.roleArn);
    reactor.fn.addEnvironment('PHASE_TIMER_ARN', phaseTimer.functionArn);
    reactor.fn.addEnvironment('SCHEDULER_DLQ_ARN', this.deadLetters.queueArn);
  }
}
