/**
 * Module resolve hook: openapi-typescript builds its output with TypeScript 5's JS API,
 * which the repo's TypeScript 7 (`typescript`, a native compiler) does not have; inside
 * openapi-typescript, `typescript` resolves to the `typescript5` alias instead.
 */
export const resolve = (specifier, context, next) =>
  specifier === 'typescript' && context.parentURL?.includes('/node_modules/openapi-typescript/')
    ? next('typescript5', context)
    : next(specifier, context);
