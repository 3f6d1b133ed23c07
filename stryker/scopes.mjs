// @ts-check
/**
 * What each scope mutates; its tests are listed in stryker/vitest.config.ts. A large scope is cut
 * into parts, each run on its own with an incremental file of its own: StrykerJS writes its
 * result only when a run ends, so a scope of hours would keep nothing if stopped, while a part
 * of twenty minutes keeps what it has done. `npm run mutate -- post-galactica` runs every part
 * in turn and adds their results up; `npm run mutate -- post-galactica/combat` runs one.
 * test/unit/mutation-config.unit.test.ts checks that the parts of a scope take each of its files
 * exactly once.
 */
export const SCOPES = {
  'post-galactica': {
    setup: ['options', 'datasheets', 'deployment', 'placement', 'mission', 'units', 'terms', 'ruleset', 'commands', 'command-centers'],
    actions: ['actions', 'action-events', 'evolve-actions', 'abilities', 'faction-abilities', 'triggers', 'counters'],
    combat: ['combat', 'targeting', 'status', 'stances', 'geometry', 'movement', 'transports'],
    economy: ['workers', 'resources', 'research', 'victory', 'turns', 'phases', 'limits'],
    fold: ['events', 'evolve', 'fold', 'state', 'decide', 'view'],
  },
  soluna: ['domain/soluna/**/*.ts'],
  gsc2: ['domain/gsc2/**/*.ts'],
  match: {
    lobby: ['lobby', 'organiser', 'start', 'controls', 'agreement', 'stalls', 'ending', 'refusals', 'match-ctx', 'record'],
    takebacks: ['takeback', 'takeback-commands', 'takeback-fairness', 'undo', 'rewind', 'far-takeback', 'fork', 'seen-fold'],
    commands: ['commands', 'command-table', 'command-declaration', 'command-schema', 'decide', 'steps', 'rules-adoption', 'rules-context'],
    fold: ['events', 'evolve', 'state', 'view'],
  },
  verify: ['domain/verify/**/*.ts'],
};

/**
 * Where a run's result is kept, under stryker/incremental/ (its incremental file) and
 * reports/mutation/ (its report): one file a scope, or a folder of one file a part.
 * @param {string} scope
 * @param {string} part the part's name; '' for a scope that is not cut
 */
export const resultName = (scope, part) => (part ? `${scope}/${part}` : scope);
