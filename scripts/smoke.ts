/**
 * AWS-1 `npm run smoke -- --url <ApiUrl>`: a short match against a running Arbiter, with a
 * real deadline, that checks the projection, the deadline, a webhook, the log export and
 * verify, and prints each check with its timing (tools/ops/smoke.ts; the command line is
 * tools/ops/smoke-command.ts). Exit 0 when every check passed, 1 when one failed, 2 for a
 * mistake in how it was called.
 *
 *   deployed: npm run smoke -- --outputs cdk-outputs.json --webhook-url https://<tunnel> --webhook-port 8787
 *   local:    npm start -- --allow-loopback-webhooks   then   npm run smoke -- --url http://127.0.0.1:3000 --deadline PT5S
 */
import { processIo } from '../tools/ops/command-line.ts';
import { smokeCommand } from '../tools/ops/smoke-command.ts';

process.exit(await smokeCommand(process.argv.slice(2), processIo));
