/**
 * OPS-6: a monthly cost budget for the account, when the deployer names an amount
 * (`monthlyBudgetUsd` context; none by default). AWS Budgets tells the alarm topic, so whoever
 * gets the alarms hears of the bill too: once the month's actual cost passes 80% of the amount,
 * and once AWS forecasts it will pass the whole of it. An idle stack costs a few dollars a month
 * (docs/aws.md, `npm run cost`), so a budget of tens of dollars catches a runaway client or a
 * loop long before the invoice does.
 *
 * The budget covers the whole account's cost, not the stack's alone: Budgets filters by cost
 * allocation tags only once someone activates them in the billing console, which a stack cannot.
 */
import { Stack } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/** When the topic hears of the month's cost, as a percentage of the budget. */
export const BUDGET_ALERTS = [
  { notificationType: 'ACTUAL', threshold: 80 },
  { notificationType: 'FORECASTED', threshold: 100 },
] as const;

export class CostBudget extends Construct {
  readonly budget: CfnBudget;

  constructor(scope: Construct, id: string, props: { readonly monthlyUsd: number; readonly topic: Topic }) {
    super(scope, id);
    const { account, partition } = Stack.of(this);
    // Budgets publishes as a service: only for this account's budgets (confused-deputy guard).
    props.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [props.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': `arn:${partition}:budgets::${account}:*` },
        },
      }),
    );
    this.budget = new CfnBudget(this, 'Budget', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: BUDGET_ALERTS.map(({ notificationType, threshold }) => ({
        notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
        subscribers: [{ subscriptionType: 'SNS', address: props.topic.topicArn }],
      })),
    });
  }
}
