// SPDX-License-Identifier: MIT
// The oracle side of the FSRS cross-check: replays review histories through ts-fsrs and prints what
// `quizbot srs replay` prints, with the same options.
//   node fsrs_replay.mjs [--retention 0.9] [--short-term on|off] [--params w0,...] [--max-interval 36500]
//                        [--learning-steps 1m,10m] [--relearning-steps 10m] [--fuzz-seed N] < reviews.jsonl
// Input lines: {"card": "...", "time": "<ISO-8601>", "rating": 1..4}.
import { createInterface } from 'node:readline';
import { createEmptyCard, dateDiffInDays, fsrs, State, StrategyMode } from 'ts-fsrs';

// ts-fsrs announces legacy-parameter migration with console.debug, which writes to stdout.
console.debug = () => {};

const options = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  if (!argv[i].startsWith('--') || i + 1 >= argv.length) {
    console.error(`usage error near '${argv[i]}'`);
    process.exit(2);
  }
  options[argv[i].slice(2)] = argv[i + 1];
}
const steps = (text) => (text ? text.split(',') : []);
const f = fsrs({
  w: options.params ? options.params.split(',').map(Number) : undefined,
  request_retention: options.retention ? Number(options.retention) : 0.9,
  maximum_interval: options['max-interval'] ? Number(options['max-interval']) : 36500,
  enable_fuzz: options['fuzz-seed'] !== undefined,
  enable_short_term: (options['short-term'] ?? 'on') === 'on',
  learning_steps: steps(options['learning-steps']),
  relearning_steps: steps(options['relearning-steps']),
});
if (options['fuzz-seed'] !== undefined) {
  // ts-fsrs's default seed text "<ms>_<reps>_<D*S>", prefixed by the run's seed: quizbot uses the same text.
  const seed = options['fuzz-seed'];
  f.useStrategy(StrategyMode.SEED, function () {
    return `${seed}_${this.review_time.getTime()}_${this.current.reps}_${this.current.difficulty * this.current.stability}`;
  });
}

const stateNames = { [State.New]: 'new', [State.Learning]: 'learning', [State.Review]: 'review', [State.Relearning]: 'relearning' };
const cards = new Map();
const out = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.trim() === '') continue;
  const { card: id, time, rating } = JSON.parse(line);
  const now = new Date(time);
  const card = cards.get(id) ?? createEmptyCard(now);
  const result = { card: id };
  if (card.state !== State.New) {
    result.retrievability = f.forgetting_curve(dateDiffInDays(card.last_review, now), card.stability);
  }
  const next = f.next(card, now, rating).card;
  cards.set(id, next);
  result.stability = next.stability;
  result.difficulty = next.difficulty;
  result.scheduled_days = next.scheduled_days;
  result.due = next.due.toISOString();
  result.state = stateNames[next.state];
  out.push(JSON.stringify(result));
  if (out.length >= 10000) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
}
if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
