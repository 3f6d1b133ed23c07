/**
 * The defaults every Arbiter Lambda function shares, in one place: Node.js 22 on arm64,
 * esbuild-bundled ESM with source maps, 512 MB, and its own log group with a retention.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { bundleSettings } from '../handlers.ts';

/** The repository root: entries, the lock file and tsconfig.json are resolved from here, not from the cwd. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * ESM bundles have no `require`, but some CommonJS dependencies call it for Node built-ins.
 * The alias keeps the banner from clashing with a bundled module's own `createRequire` import.
 */
const esmRequireShim = bundleSettings.banner;

/** esbuild runs here (no Docker), so the hook copies straight from the repository into the bundle. */
const copyInto = ({ from, into }: { readonly from: string; readonly into: string }) => ({
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (_input: string, output: string) => [`cp -R "${join(repoRoot, from)}" "${join(output, into)}"`],
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
  readonly fn: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ArbiterFunctionProps) {
    super(scope, id);
    // An explicit log group (instead of the implicit /aws/lambda/<name>) so retention is
    // part of the stack and no log-retention custom resource is needed.
    this.logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention ?? RetentionDays.ONE_MONTH });
    this.fn = new NodejsFunction(this, 'Function', {
      entry: join(repoRoot, props.entry),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
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
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: esmRequireShim,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // Ship the SDK versions pinned in package-lock.json (the ones the tests ran
        // against) rather than whatever version the Lambda runtime happens to carry...
        bundleAwsSDK: true,
        // ...but not the credential sources the chain never reaches on Lambda (PERF-1).
        externalModules: [...bundleSettings.external],
        // Arrow functions as function expressions, which V8 compiles lazily, and the stand-ins for
        // built-ins a bundle only pretends to use (PERF-1, infra/handlers.ts). esbuild runs in the
        // project root, which the alias paths are relative to.
        esbuildArgs: {
          ...Object.fromEntries(Object.entries(bundleSettings.supported).map(([feature, on]) => [`--supported:${feature}`, String(on)])),
          ...Object.fromEntries(Object.entries(bundleSettings.alias).map(([module, path]) => [`--alias:${module}`, path])),
        },
        ...(props.assets ? { commandHooks: copyInto(props.assets) } : {}),
      },
    });
    if (props.tracing === true) {
      Validations.of(this).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray PutTraceSegments and PutTelemetryRecords have no resource-level permissions.',
      });
    }
  }
}
