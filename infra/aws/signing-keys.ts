/**
 * TRUST-1, TRUST-5 on AWS: the service's root signing key, an asymmetric KMS key (ECC_NIST_P256,
 * SIGN_VERIFY) whose private half never leaves KMS. The functions that sign are granted
 * `kms:Sign` on it and nothing else of KMS; each certifies a short-lived key of its own with one
 * `Sign` call and signs with that (functions/adapters/kms-signer.ts).
 *
 * The public keys reach the functions without `kms:GetPublicKey`: at deploy, a custom resource
 * reads each generation's public key and creation date (GetPublicKey, DescribeKey, granted to
 * it alone) and the stack hands the list to the functions as ARBITER_SIGNING_KEYS
 * (functions/adapters/published-keys.ts), which the docs function serves as the JWKS.
 *
 * Rotation: the `signingKeyGenerations` context (default 1) is how many generations of the key
 * the stack holds. Raising it makes a new KMS key that signs from that deploy on; the older ones
 * stay, retained, only to publish their public keys (each retired when the next was made), so
 * what they signed still verifies. `revokedSigningKeys` (`kid=ISO time`, comma-separated) marks
 * keys no longer trusted from that time; `arbiter verify` names the date.
 */
import { CustomResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import {
  Architecture,
  Code,
  type Function as LambdaFunction,
  LoggingFormat,
  Runtime,
  Function as RuntimeFunction,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { KMS_KEY_ENV, REVOKED_KEYS_ENV, SIGNING_KEYS_ENV } from '../../functions/adapters/published-keys.ts';

export interface SigningKeysProps {
  /** How many generations of the KMS key the stack holds; the last one signs. */
  readonly generations: number;
  /** Keys no longer trusted, by kid, from that time (ISO 8601). */
  readonly revoked: Readonly<Record<string, string>>;
  readonly logRetention: RetentionDays;
}

/**
 * The custom resource's code: each key's public half (DER SubjectPublicKeyInfo, base64) and
 * creation time, oldest first, as one JSON attribute; answered to CloudFormation's presigned URL
 * itself, so no provider framework function is needed. The Node.js runtime carries the SDK.
 */
const PUBLIC_KEYS_CODE = `
const https = require('node:https');
const { KMSClient, GetPublicKeyCommand, DescribeKeyCommand } = require('@aws-sdk/client-kms');
const kms = new KMSClient({});
const respond = (event, Status, Data, Reason) => new Promise((resolve, reject) => {
  const body = JSON.stringify({ Status, Reason, Data, PhysicalResourceId: 'arbiter-signing-keys',
    StackId: event.StackId, RequestId: event.RequestId, LogicalResourceId: event.LogicalResourceId });
  const request = https.request(event.ResponseURL, { method: 'PUT', headers: { 'content-type': '', 'content-length': Buffer.byteLength(body) } },
    (response) => { response.resume(); response.on('end', resolve); });
  request.on('error', reject);
  request.end(body);
});
const publicKey = async (KeyId) => {
  const [{ PublicKey }, { KeyMetadata }] = await Promise.all([
    kms.send(new GetPublicKeyCommand({ KeyId })), kms.send(new DescribeKeyCommand({ KeyId }))]);
  return { publicKey: Buffer.from(PublicKey).toString('base64'), created: KeyMetadata.CreationDate.toISOString() };
};
exports.handler = async (event) => {
  try {
    if (event.RequestType === 'Delete') return await respond(event, 'SUCCESS', {}, 'nothing to delete');
    const keys = [];
    for (const id of event.ResourceProperties.KeyIds) keys.push(await publicKey(id));
    await respond(event, 'SUCCESS', { Keys: JSON.stringify(keys) }, 'read');
  } catch (error) {
    console.error(error);
    await respond(event, 'FAILED', {}, String(error && error.message || error).slice(0, 200));
  }
};
`;

export class SigningKeys extends Construct {
  /** Every generation, oldest first. */
  readonly generations: readonly Key[];
  /** The generation that signs now. */
  readonly current: Key;
  /** The function that reads the public keys at deploy. */
  readonly reader: LambdaFunction;
  /** ARBITER_SIGNING_KEYS' value: what the reader read, resolved at deploy. */
  readonly publishedKeys: string;
  private readonly revoked: string;

  constructor(scope: Construct, id: string, props: SigningKeysProps) {
    super(scope, id);
    this.generations = Array.from(
      { length: props.generations },
      (_, i) =>
        new Key(this, `Generation${i + 1}`, {
          keySpec: KeySpec.ECC_NIST_P256,
          keyUsage: KeyUsage.SIGN_VERIFY,
          description: `Arbiter's signing key, generation ${i + 1} (TRUST-1): certifies the short-lived keys receipts and exports are signed with`,
          // Deleting a generation would leave what it signed unverifiable: keys outlive the stack.
          removalPolicy: RemovalPolicy.RETAIN,
        }),
    );
    const current = this.generations.at(-1);
    if (!current) throw new Error('The signingKeyGenerations context is at least 1.');
    this.current = current;
    this.reader = new RuntimeFunction(this, 'PublicKeyReader', {
      code: Code.fromInline(PUBLIC_KEYS_CODE),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      timeout: Duration.seconds(30),
      description: "Reads the signing keys' public halves at deploy, for the functions to publish (TRUST-1)",
      logGroup: new LogGroup(this, 'ReaderLogs', { retention: props.logRetention }),
      loggingFormat: LoggingFormat.JSON,
    });
    for (const key of this.generations) key.grant(this.reader, 'kms:GetPublicKey', 'kms:DescribeKey');
    const read = new CustomResource(this, 'PublicKeys', {
      serviceToken: this.reader.functionArn,
      resourceType: 'Custom::ArbiterSigningKeys',
      properties: { KeyIds: this.generations.map((key) => key.keyArn) },
    });
    this.publishedKeys = read.getAttString('Keys');
    this.revoked = JSON.stringify(props.revoked);
  }

  /** Let `fn` publish the keys: the docs function serves them, a signer names its issuer from them. */
  publishTo(fn: LambdaFunction): void {
    fn.addEnvironment(SIGNING_KEYS_ENV, this.publishedKeys);
    fn.addEnvironment(REVOKED_KEYS_ENV, this.revoked);
  }

  /** Let `fn` sign: `kms:Sign` on the current generation, nothing else of KMS, and the keys to publish. */
  grantSign(fn: LambdaFunction & IGrantable): void {
    this.current.grant(fn, 'kms:Sign');
    fn.addEnvironment(KMS_KEY_ENV, this.current.keyArn);
    this.publishTo(fn);
  }
}
