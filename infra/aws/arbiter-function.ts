/**
 * The defaults every Arbiter Lambda function shares, in one place: Node.js 22 on arm64,
 * esbuild-bundled ESM with source maps, 512 MB, and its own log group with a retention.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, Duration, Validations } from 'aws-cdk-lib';
import { Architecture, Code, Function as LambdaFunction, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { bundleOptions } from '../handlers.ts';

/** The repository root: entries and the assets copied into a bundle are resolved from here, not from the cwd. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The function's code: its entry bundled by esbuild, here, with the settings the bundle benchmark
 * and the PERF-1 test use (infra/handlers.ts `bundleOptions`): `index.mjs` and, under
 * `chunks/`, the code it loads on first use (each rule system, for the API and the phase
 * timer). CDK's NodejsFunction writes one file and cannot split code, hence this asset.
 * Hashed by its output, so a change that leaves the bundle the same deploys nothing.
 */
const bundledCode = (entry: string, assets: ArbiterFunctionProps['assets']): Code =>
  Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: the bundle is built locally, and a failed build throws rather than fall back to Docker.
      image: Runtime.NODEJS_22_X.bundlingImage,
      // CDK reuses one bundle for assets whose source and bundling options are the same, and a local
      // bundler is a function it cannot compare: the entry, named here, tells each function's apart.
      environment: { ARBITER_ENTRY: entry, ARBITER_ASSETS: assets ? `${assets.from}:${assets.into}` : '' },
      local: {
        tryBundle(outputDir) {
          // Source maps, without the sources: minified bundles are unreadable in stack traces without them.
          buildSync({ ...bundleOptions(entry, outputDir), sourcemap: true, sourcesContent: false, logLevel: 'error' });
          if (assets) cpSync(join(repoRoot, assets.from), join(outputDir, assets.into), { recursive: true });
          return true;
        },
      },
    },
  });

export interface ArbiterFunctionProps {
  /** The handler file, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly environment?: Readonly<Record<string, string>>;
  /** Defaults to 10 s: the HTTP API gives up after 30 s anyway, and a command costs two round trips. */
  readonly timeout?: Duration;
  /** Active X-Ray tracing; off unless the stack asks for it. */
  readonly tracing?: boolean;
  /** A built folder (relative to the repository root) copied into the bundle under `into`, e.g. the viewer's files. */
  readonly assets?: { readonly from: string; readonly into: string };
  /** How long the function's log group keeps lines; a month unless the stack says (`logRetentionDays` context, AWS-5). */
  readonly logRetention?: RetentionDays;
}

export class ArbiterFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ArbiterFunctionProps) {
    super(scope, id);
    // An explicit log group (instead of the implicit /aws/lambda/<name>) so retention is
    // part of the stack and no log-retention custom resource is needed.
    this.logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention ?? RetentionDays.ONE_MONTH });
    this.fn = new LambdaFunction(this, 'Function', {
      code: bundledCode(props.entry, props.assets),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      description: props.description,
      logGroup: this.logGroup,
      // JSON log lines with the request id on each; the API handler writes its own lines as JSON objects too.
      loggingFormat: LoggingFormat.JSON,
      tracing: props.tracing === true ? Tracing.ACTIVE : Tracing.DISABLED,
      // Minified bundles are unreadable in stack traces without the source maps.
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });
    if (props.tracing === true) {
      Validations.of(this).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray PutTraceSegments and PutTelemetryRecords have no resource-level permissions.',
      });
    }
  }
}
