// @ts-check
/**
 * RUL-9: mutants of message text are ignored by configuration. A refusal's sentence, a check's
 * verdict and an explanation are words for people; what the rules decide is the code, the
 * rule ID, the events and the numbers. This ignorer skips the mutants inside:
 * - the message argument of `reject(code, rule, message)`, `refuse(code, [rule,] message)`
 *   and `fail(check, message, line)` (domain/kernel/violation.ts, the rulesets, domain/verify);
 * - the value of a `message` or `detail` property (a violation or a problem built by hand).
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** Which argument of each call is its message: an index, or -1 for the last. */
const MESSAGE_ARGUMENT = { reject: 2, refuse: -1, fail: 1 };
const MESSAGE_KEYS = new Set(['message', 'detail']);

/** @param {import('@babel/core').NodePath} path */
const isMessageArgument = (path) => {
  const call = path.parentPath;
  if (!call?.isCallExpression() || call.node.callee.type !== 'Identifier') return false;
  const wanted = MESSAGE_ARGUMENT[/** @type {keyof typeof MESSAGE_ARGUMENT} */ (call.node.callee.name)];
  if (wanted === undefined) return false;
  const args = call.node.arguments;
  const index = args.indexOf(/** @type {never} */ (path.node));
  return index >= 0 && index === (wanted < 0 ? args.length - 1 : wanted);
};

/** @param {import('@babel/core').NodePath} path */
const isMessageValue = (path) => {
  const property = path.parentPath;
  if (!property?.isObjectProperty() || property.node.value !== path.node) return false;
  const key = property.node.key;
  return (key.type === 'Identifier' && MESSAGE_KEYS.has(key.name)) || (key.type === 'StringLiteral' && MESSAGE_KEYS.has(key.value));
};

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'message-text', {
    /** @param {import('@babel/core').NodePath} path */
    shouldIgnore(path) {
      if (isMessageArgument(path)) return 'message text: the sentence a refusal or a check gives people (RUL-9)';
      if (isMessageValue(path)) return 'message text: a violation or problem sentence (RUL-9)';
      return undefined;
    },
  }),
];
