/**
 * The public HTTP API: every route goes to the one API function, which authenticates the
 * player's bearer key itself. Throttled and access-logged at the stage.
 */
import { CfnOutput, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { buildRouter } from '../../functions/http/routes.ts';

/**
 * Every route the API function answers, as `METHOD /path`, read from the router itself:
 * one route table feeds the router, the OpenAPI paths and these API Gateway routes.
 */
export const apiRoutes: readonly string[] = buildRouter(() => {
  throw new Error('the route table is read without serving requests');
}).routeKeys;

export class ArbiterHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, handler: IFunction) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      description: 'Arbiter: referee API for remote and play-by-mail wargames',
      createDefaultStage: false,
    });
    const integration = new HttpLambdaIntegration('Handler', handler);
    for (const route of apiRoutes) {
      const [method, path] = route.split(' ') as [keyof typeof HttpMethod, string];
      this.api.addRoutes({ path, methods: [HttpMethod[method]], integration });
    }
    this.stage = this.createStage();
    // No API Gateway authorizer: a player's key is checked against its stored hash by the
    // function, and registration, the rulesets and the OpenAPI document are public.
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'Authorization is by per-player bearer API keys, checked against their stored SHA-256 in the API function.',
    });
    new CfnOutput(scope, 'ApiUrl', { value: this.stage.url, description: 'Base URL of the Arbiter HTTP API' });
  }

  private createStage(): HttpStage {
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    return new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // Per-stage defaults; a match is a handful of commands a minute, so these only bite a runaway client.
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });
  }
}
