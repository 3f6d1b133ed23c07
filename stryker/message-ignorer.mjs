// @ts-check
/**
 * RUL-9: mutants of message text are ignored by configuration. A refusal's sentence, a check's
 * verdict and an explanation are words for people; what the rules decide is the code, the
 * rule ID, the events and the numbers. This ignorer skips the mutants inside:
 * - the message argument of `reject(code, rule, message)`, `refuse(code, [rule,] message)`
 *   (domain/kernel/violation.ts, the rulesets) and of a check's verdict in domain/verify:
 *   `pass(check, verdict)`, `fail(check, verdict, line, detail)` (its detail lines too) and
 *   `pending(check, verdict, line)`, also when the callee is chosen by a condition, as in
 *   `(isRunning(header) ? pending : fail)(check, verdict)`; the check, the line and whether
 *   it passed are data and stay mutated;
 * - the value of a `message` or `detail` property (a violation or a problem built by hand);
 * - a `purpose` or `reason` property whose value is written text (a string or template
 *   literal): what a roll decides, in words, and a modifier's or an event's reason
 *   (domain/kernel/dice.ts); dice are drawn by position, never by purpose, and only
 *   `replay --explain` and people read them. A `reason` computed some other way stays mutated.
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** Which arguments of each call are its message: indexes, -1 for the last. */
const MESSAGE_ARGUMENTS = { reject: [2], refuse: [-1], pass: [1], fail: [1, 3], pending: [1] };
const MESSAGE_KEYS = new Set(['message', 'detail']);
/** Keys whose value is skipped only when it is written text. */
const TEXT_KEYS = new Set(['purpose', 'reason']);
const TEXT = new Set(['StringLiteral', 'TemplateLiteral']);

/**
 * The message indexes of a callee: a name above, or a condition choosing between two of them
 * with the same message indexes (`(running ? pending : fail)(…)`).
 * @param {import('@babel/types').Node} callee
 * @returns {number[] | undefined}
 */
const messageIndexesOf = (callee) => {
  if (callee.type === 'Identifier') return MESSAGE_ARGUMENTS[/** @type {keyof typeof MESSAGE_ARGUMENTS} */ (callee.name)];
  if (callee.type !== 'ConditionalExpression') return undefined;
  const [yes, no] = [messageIndexesOf(callee.consequent), messageIndexesOf(callee.alternate)];
  if (!yes || !no) return undefined;
  const shared = yes.filter((i) => no.includes(i));
  return shared.length > 0 ? shared : undefined;
};

/** @param {import('@babel/core').NodePath} path */
const isMessageArgument = (path) => {
  const call = path.parentPath;
  if (!call?.isCallExpression()) return false;
  const wanted = messageIndexesOf(call.node.callee);
  if (wanted === undefined) return false;
  const args = call.node.arguments;
  const index = args.indexOf(/** @type {never} */ (path.node));
  return index >= 0 && wanted.some((w) => index === (w < 0 ? args.length - 1 : w));
};

/** @param {import('@babel/core').NodePath} path */
const isMessageValue = (path) => {
  const property = path.parentPath;
  if (!property?.isObjectProperty() || property.node.value !== path.node) return false;
  const key = property.node.key;
  const name = key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : undefined;
  if (name === undefined) return false;
  return MESSAGE_KEYS.has(name) || (TEXT_KEYS.has(name) && TEXT.has(path.node.type));
};

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'message-text', {
    /** @param {import('@babel/core').NodePath} path */
    shouldIgnore(path) {
      if (isMessageArgument(path)) return 'message text: the sentence a refusal or a check gives people (RUL-9)';
      if (isMessageValue(path)) return 'message text: a sentence a violation, problem, roll or event gives people (RUL-9)';
      return undefined;
    },
  }),
];
