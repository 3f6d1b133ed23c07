/**
 * SOL-2: the action choices a model may be given (Move; Attack*, Artifact*, Psionic*; plus
 * defer (SOL-5) and none). Whether one is legal: domain/soluna/actions.ts.
 */
import * as z from '../kernel/zod.ts';
import { MAX_PATH, SOL_LIMITS } from './limits.ts';
import { squareSchema } from './mission.ts';

const nameSchema = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(SOL_LIMITS.nameLength)));

export const actionSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('move'),
      to: z.optional(squareSchema),
      path: z.optional(z.array(squareSchema).check(z.minLength(1), z.maxLength(MAX_PATH))),
    }),
    z.strictObject({ kind: z.literal('attack'), weapon: nameSchema, target: nameSchema }),
    z.strictObject({ kind: z.literal('artifact'), artifact: nameSchema, target: z.optional(nameSchema) }),
    z.strictObject({ kind: z.literal('psionic'), psionic: nameSchema, target: z.optional(nameSchema) }),
    z.strictObject({ kind: z.literal('defer') }),
    z.strictObject({ kind: z.literal('none') }),
  ]),
);
export const modelActionSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ model: nameSchema, action: actionSchema }));

export type Action = z.infer<typeof actionSchema>;
export type ModelAction = z.infer<typeof modelActionSchema>;

/** SOL-2: the starred choices, limited within a turn. */
export const isStarred = (action: Action): boolean => action.kind === 'attack' || action.kind === 'artifact' || action.kind === 'psionic';
