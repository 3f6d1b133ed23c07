/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy` (see cdk.json). The stack is
 * env-agnostic, so synth needs no account, region or network.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ArbiterStack } from './stack.ts';

const app = new App();
// `cdk synth -c arbiter:tracing=true` (a string) or `"arbiter:tracing": true` in cdk.json.
new ArbiterStack(app, 'Arbiter', { tracing: String(app.node.tryGetContext('arbiter:tracing')) === 'true' });
// cdk-nag 3 runs as a policy validation plugin: synth fails on any unacknowledged finding.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
app.synth();
