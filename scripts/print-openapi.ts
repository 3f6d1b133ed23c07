/** Prints the OpenAPI document `/openapi.json` serves: `npx tsx scripts/print-openapi.ts > openapi.json`. */
import { openApiDocument } from '../functions/docs/http/openapi.ts';

process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
