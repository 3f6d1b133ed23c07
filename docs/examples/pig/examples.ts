/** The example setup the guide (docs/adding-a-ruleset.md) and its test play: a short game, first to 20. */
import type { PigOptions } from './options.ts';

export const EXAMPLE_OPTIONS: PigOptions = { target: 20 };
