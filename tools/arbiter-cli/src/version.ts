/**
 * `arbiter --version`: the command's own version and, per ruleset, every rules version whose
 * logs it re-adjudicates (RUL-10). Loaded only for `--version`; it reads the folds, which
 * name the versions, and none of the referees.
 */
import { folds } from '../../../domain/folds.ts';
import cli from '../package.json' with { type: 'json' };

export const versionText = (): string => {
  const rows = [...folds.values()].map((fold) => `  ${fold.id} (${fold.title}): ${fold.rulesVersions.join(', ')}`);
  return [`arbiter ${cli.version}`, 'verifies logs of these rules versions:', ...rows, ''].join('\n');
};
