#!/usr/bin/env node
// `npx arbiter …`: runs the TypeScript CLI through tsx, so there is no build step.
import { register } from 'tsx/esm/api';

register();
await import('../../../functions/cli/arbiter.ts');
