/** The types of stryker/scopes.mjs, which StrykerJS loads as plain JavaScript. */
/** A scope: its globs, or its parts, each a list of file names (without `.ts`) in domain/<scope>/. */
export type Scope = readonly string[] | Readonly<Record<string, readonly string[]>>;
export declare const SCOPES: Readonly<Record<'post-galactica' | 'soluna' | 'gsc2' | 'match' | 'verify', Scope>>;
/** Where a run's result is kept: `<scope>/<part>`, or `<scope>` for a scope that is not cut. */
export declare const resultName: (scope: string, part: string) => string;
