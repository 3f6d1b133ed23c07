/** Prints the OpenAPI document `/openapi.json` serves, for `npm run lint:openapi` and client generation. */
import { openApiDocument } from '../functions/http/openapi.ts';

process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
