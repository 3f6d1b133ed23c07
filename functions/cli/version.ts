/**
 * `arbiter --version`: the command's own version and, per ruleset, the rules version whose
 * logs it re-adjudicates (DOC-4). Loaded only for `--version`; it reads the folds, which name
 * the versions, and none of the referees.
 */
import { folds } from '../../domain/folds.ts';
import cli from '../../tools/arbiter-cli/package.json' with { type: 'json' };

export const versionText = (): string => {
  const rows = [...folds.values()].map((fold) => `  ${fold.id} (${fold.title}): ${fold.rulesVersion}`);
  return [`arbiter ${cli.version}`, 'verifies logs of these rules versions:', ...rows, ''].join('\n');
};
