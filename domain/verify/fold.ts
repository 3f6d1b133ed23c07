/**
 * PERF-4: one fold of a log shared by the checks that need its states. Re-adjudication
 * walks it forward batch by batch (the state before each command), the state check takes
 * where it ends; each event is folded once, however many checks read the states.
 */
import type { Rulesets } from '../catalogue.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import { foldEvents } from '../match/evolve.ts';
import { emptyGame, type GameState } from '../match/state.ts';

export class LogFold {
  #state: GameState = emptyGame;
  #next = 0;
  #failure: Error | null = null;
  /** How many events this fold has been asked to fold: at most the log's length, whoever asked. */
  folded = 0;

  /** `rulesets`: what the log is folded and re-decided with. */
  constructor(
    readonly events: readonly EventEnvelope[],
    readonly rulesets: Rulesets,
  ) {}

  /**
   * The state before `events[index]` (after all of them for the log's length). The fold
   * only moves forward: a state it has passed is not kept. A log that does not fold
   * throws the fold's error, at that event and at every later call.
   */
  before(index: number): GameState {
    if (this.#failure) throw this.#failure;
    if (index < this.#next) throw new RangeError(`the fold is past event ${index + 1}; it only moves forward`);
    if (index > this.events.length) throw new RangeError(`the log has ${this.events.length} events, not ${index}`);
    if (index === this.#next) return this.#state;
    const from = this.#next;
    try {
      this.#state = foldEvents(this.rulesets, this.#state, this.events, from, index);
    } catch (error) {
      this.#failure = error as Error;
      throw error;
    } finally {
      this.folded += index - from;
    }
    this.#next = index;
    return this.#state;
  }

  /** The state after the whole log. */
  get final(): GameState {
    return this.before(this.events.length);
  }
}
