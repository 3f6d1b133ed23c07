/**
 * The public HTTP API: every API route goes to the one API function, which authenticates
 * the player's bearer key itself; the viewer's page (`/`, `/viewer.js`) goes to the web
 * function. Throttled and access-logged at the stage.
 */
import { CfnOutput, Duration, Validations } from 'aws-cdk-lib';
import {
  ApiMapping,
  CorsHttpMethod,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import {
  CORS_ALLOW_HEADERS,
  CORS_ALLOW_METHODS,
  CORS_EXPOSE_HEADERS,
  CORS_MAX_AGE_SECONDS,
  corsPolicy,
} from '../../functions/http/cors.ts';
import { routeKeys } from '../../functions/http/route-table.ts';
import { WEB_ROUTE_KEYS } from '../../functions/web/assets.ts';
import { DEFAULT_THROTTLE, type StackConfig } from './config.ts';

/** Every route the API function answers, as `METHOD /path`, from the route table (ARC-5). */
export const apiRoutes: readonly string[] = routeKeys('api');

/** The routes of the documentation function: the OpenAPI document and the rulesets (PERF-1). */
export const docsRoutes: readonly string[] = routeKeys('docs');

/** The routes of the club function: clubs, ladders and tournaments (PERF-1). */
export const clubsRoutes: readonly string[] = routeKeys('clubs');

export class ArbiterHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** The custom domain, when the stack has one. */
  domainName: DomainName | undefined;

  /**
   * `corsOrigins`: the browser origins that may call the API (API-5). API Gateway answers
   * preflights itself and sets the CORS headers of every answer (ignoring the function's).
   */
  constructor(
    scope: Construct,
    id: string,
    handlers: { readonly api: IFunction; readonly web: IFunction; readonly docs: IFunction; readonly clubs: IFunction },
    corsOrigins: readonly string[],
    logRetention: RetentionDays = RetentionDays.ONE_MONTH,
    domain: StackConfig['domain'] = null,
    throttle: StackConfig['throttle'] = DEFAULT_THROTTLE,
  ) {
    super(scope, id);
    corsPolicy(corsOrigins); // the same checks as the function's: each an origin, scheme://host[:port], or *
    this.api = new HttpApi(this, 'Api', {
      description: 'Arbiter: referee API for remote and play-by-mail wargames',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [...corsOrigins],
        allowMethods: CORS_ALLOW_METHODS.map((m) => CorsHttpMethod[m as keyof typeof CorsHttpMethod]),
        allowHeaders: [...CORS_ALLOW_HEADERS],
        exposeHeaders: [...CORS_EXPOSE_HEADERS],
        maxAge: Duration.seconds(CORS_MAX_AGE_SECONDS),
        // Bearer keys, never cookies: no credentials, so `*` is allowed and safe.
        allowCredentials: false,
      },
    });
    const integration = new HttpLambdaIntegration('Handler', handlers.api);
    const page = new HttpLambdaIntegration('Web', handlers.web);
    const docs = new HttpLambdaIntegration('Docs', handlers.docs);
    const clubs = new HttpLambdaIntegration('Clubs', handlers.clubs);
    for (const [routes, target] of [
      [apiRoutes, integration],
      [docsRoutes, docs],
      [clubsRoutes, clubs],
      [WEB_ROUTE_KEYS, page],
    ] as const) {
      for (const route of routes) {
        const [method, path] = route.split(' ') as [keyof typeof HttpMethod, string];
        this.api.addRoutes({ path, methods: [HttpMethod[method]], integration: target });
      }
    }
    this.stage = this.createStage(logRetention, throttle);
    // No API Gateway authorizer: a player's key is checked against its stored hash by the
    // function, and registration, the rulesets and the OpenAPI document are public.
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'Authorization is by per-player bearer API keys, checked against their stored SHA-256 in the API function.',
    });
    new CfnOutput(scope, 'ApiUrl', { value: this.stage.url, description: 'Base URL of the Arbiter HTTP API' });
    if (domain) this.mapDomain(scope, domain);
  }

  /**
   * AWS-5: the API also at https://<domainName>/, with the ACM certificate given. DNS stays
   * the deployer's: a CNAME (or alias) from the name to the `CustomDomainTarget` output.
   */
  private mapDomain(scope: Construct, domain: NonNullable<StackConfig['domain']>): void {
    this.domainName = new DomainName(this, 'Domain', {
      domainName: domain.name,
      certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
    });
    new ApiMapping(this, 'DomainMapping', { api: this.api, domainName: this.domainName, stage: this.stage });
    new CfnOutput(scope, 'CustomDomainUrl', { value: `https://${domain.name}/`, description: 'The API at its custom domain' });
    new CfnOutput(scope, 'CustomDomainTarget', {
      value: this.domainName.regionalDomainName,
      description: `Point ${domain.name} here (CNAME, or an alias record in hosted zone CustomDomainZone)`,
    });
    new CfnOutput(scope, 'CustomDomainZone', {
      value: this.domainName.regionalHostedZoneId,
      description: 'The hosted zone of CustomDomainTarget',
    });
  }

  private createStage(retention: RetentionDays, throttle: StackConfig['throttle']): HttpStage {
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention });
    return new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // Over every client together; the API function limits each key and address itself (REL-26).
      throttle: { rateLimit: throttle.rateLimit, burstLimit: throttle.burstLimit },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });
  }
}
