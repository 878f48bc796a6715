// SPDX-License-Identifier: MIT
// FSRS cross-check: random review histories (fixed seed) replayed by `quizbot srs replay` and by ts-fsrs 5.4.2
// (fsrs_replay.mjs) under several scheduler configurations; every review must agree: |dS|, |dD|, |dR| <= 1e-6,
// scheduled_days, due and state exactly.
//   node crosscheck.mjs --quizbot <path> --work <dir> [--histories 10000] [--seed 20240101]
import { spawnSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, word, i, all) => (i % 2 === 0 ? [...pairs, [word.replace(/^--/, ''), all[i + 1]]] : pairs), []),
);
if (!args.quizbot || !args.work) {
  console.error('usage: node crosscheck.mjs --quizbot <path> --work <dir> [--histories N] [--seed N]');
  process.exit(2);
}
const historyCount = Number(args.histories ?? 10000);
const seed = Number(args.seed ?? 20240101);
const tolerance = 1e-6;

const tsFsrsVersion = JSON.parse(readFileSync(join(here, '..', 'node_modules', 'ts-fsrs', 'package.json'), 'utf8')).version;
if (tsFsrsVersion !== '5.4.2') {
  console.error(`ts-fsrs ${tsFsrsVersion} is installed; the cross-check needs exactly 5.4.2 (run npm ci in tests/)`);
  process.exit(1);
}

// mulberry32: a small seeded PRNG so that the histories are the same on every run.
function prng(state) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(seed);
const uniform = (lo, hi) => lo + random() * (hi - lo);
const integer = (lo, hi) => Math.floor(uniform(lo, hi + 1));
const pick = (items) => items[Math.floor(random() * items.length)];

const minute = 60 * 1000;
const day = 24 * 60 * minute;

// A gap between two reviews, from "same instant" to years; same-day gaps are frequent.
function gap() {
  const kind = random();
  if (kind < 0.05) return 0;
  if (kind < 0.25) return integer(1, 600) * minute + integer(0, 59999);
  if (kind < 0.35) return integer(1, 47) * 60 * minute + integer(0, 3599999);
  if (kind < 0.8) return integer(1, 60) * day + integer(-720, 720) * minute;
  if (kind < 0.95) return integer(60, 730) * day + integer(0, day - 1);
  return integer(730, 3650) * day + integer(0, day - 1);
}

// The same instant written in different ISO-8601 forms: Z, an offset, microseconds.
function isoText(ms) {
  const form = random();
  if (form < 0.7) return new Date(ms).toISOString();
  if (form < 0.85) {
    const offset = pick([-720, -300, -210, 60, 330, 345, 840]);
    const local = new Date(ms + offset * minute).toISOString().slice(0, 23);
    const sign = offset < 0 ? '-' : '+';
    const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
    const mm = String(Math.abs(offset) % 60).padStart(2, '0');
    return `${local}${sign}${hh}:${mm}`;
  }
  return new Date(ms).toISOString().slice(0, 23) + String(integer(0, 999)).padStart(3, '0') + 'Z';
}

function generate(count) {
  const histories = [];
  for (let c = 0; c < count; ++c) {
    const grades = pick([
      [0.25, 0.25, 0.25, 0.25],
      [0.15, 0.1, 0.65, 0.1],
      [0.5, 0.0, 0.5, 0.0], // quiz answers: wrong -> Again, right -> Good
      [0.05, 0.05, 0.3, 0.6],
    ]);
    const length = random() < 0.7 ? integer(1, 12) : integer(13, 40);
    let t = Date.UTC(2000, 0, 1) + Math.floor(random() * 60 * 365 * day);
    const reviews = [];
    let text = '';
    for (let i = 0; i < length; ++i) {
      const step = i > 0 ? gap() : -1;
      t += Math.max(step, 0);
      // A zero gap repeats the previous text: added microseconds must not make the same millisecond go backwards.
      if (step !== 0) text = isoText(t);
      const u = random();
      const rating = u < grades[0] ? 1 : u < grades[0] + grades[1] ? 2 : u < grades[0] + grades[1] + grades[2] ? 3 : 4;
      reviews.push({ card: `card-${c}`, time: text, rating });
    }
    histories.push(reviews);
  }
  // Interleave the cards randomly, each card's reviews staying in order.
  const lines = [];
  const cursors = histories.map(() => 0);
  const open = histories.map((_, i) => i);
  while (open.length > 0) {
    const slot = Math.floor(random() * open.length);
    const h = open[slot];
    lines.push(JSON.stringify(histories[h][cursors[h]++]));
    if (cursors[h] === histories[h].length) {
      open[slot] = open[open.length - 1];
      open.pop();
    }
  }
  return lines;
}

const w = [0.4, 0.9, 3.1, 15.2, 7.0, 0.6, 2.1, 0.01, 1.5, 0.2, 0.9, 1.9, 0.09, 0.3, 2.2, 0.25, 2.9, 0.4, 0.3, 0.1, 0.3];
const fsrs5 = [0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192, 1.01925, 1.9395, 0.11,
  0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621];
const configurations = [
  { name: 'short-term on', histories: historyCount, options: ['--short-term', 'on'] },
  { name: 'short-term off', histories: historyCount, options: ['--short-term', 'off'] },
  { name: 'on, retention 0.85, custom w, max 3650', histories: 2000,
    options: ['--retention', '0.85', '--params', w.join(','), '--max-interval', '3650'] },
  { name: 'off, retention 0.95, FSRS-5 w', histories: 2000,
    options: ['--short-term', 'off', '--retention', '0.95', '--params', fsrs5.join(',')] },
  { name: 'on, steps 1m,10m / 10m, fuzz', histories: 2000,
    options: ['--learning-steps', '1m,10m', '--relearning-steps', '10m', '--fuzz-seed', '7'] },
  { name: 'on, steps 5m,1d / 10m,1h (w17/w18 ceiling)', histories: 2000,
    options: ['--learning-steps', '5m,1d', '--relearning-steps', '10m,1h'] },
  { name: 'off, fuzz', histories: 2000, options: ['--short-term', 'off', '--fuzz-seed', '12345'] },
];

mkdirSync(args.work, { recursive: true });
let failed = false;
for (const [index, config] of configurations.entries()) {
  const lines = generate(config.histories);
  const input = join(args.work, `histories-${index}.jsonl`);
  writeFileSync(input, lines.join('\n') + '\n');
  const run = (command, commandArgs) => {
    const fd = openSync(input, 'r');
    try {
      return spawnSync(command, commandArgs, { stdio: [fd, 'pipe', 'pipe'], maxBuffer: 1 << 30, encoding: 'utf8' });
    } finally {
      closeSync(fd);
    }
  };
  const ours = run(args.quizbot, ['srs', 'replay', ...config.options]);
  const theirs = run(process.execPath, [join(here, 'fsrs_replay.mjs'), ...config.options]);
  if (ours.status !== 0 || ours.stderr) {
    console.error(`[${config.name}] quizbot srs replay exited ${ours.status}: ${ours.stderr}${ours.error ?? ''}`);
    failed = true;
    continue;
  }
  if (theirs.status !== 0) {
    console.error(`[${config.name}] ts-fsrs replay exited ${theirs.status}: ${theirs.stderr}`);
    failed = true;
    continue;
  }
  const a = ours.stdout.trimEnd().split('\n');
  const b = theirs.stdout.trimEnd().split('\n');
  if (a.length !== lines.length || b.length !== lines.length) {
    console.error(`[${config.name}] ${lines.length} reviews in, quizbot wrote ${a.length} lines, ts-fsrs ${b.length}`);
    failed = true;
    continue;
  }
  const steps = new Map();
  let maxS = 0;
  let maxD = 0;
  let maxR = 0;
  let identical = 0;
  let mismatch = null;
  for (let i = 0; i < lines.length && !mismatch; ++i) {
    const x = JSON.parse(a[i]);
    const y = JSON.parse(b[i]);
    const step = (steps.get(y.card) ?? 0) + 1;
    steps.set(y.card, step);
    const dS = Math.abs(x.stability - y.stability);
    const dD = Math.abs(x.difficulty - y.difficulty);
    const dR = 'retrievability' in y ? Math.abs(x.retrievability - y.retrievability) : 0;
    maxS = Math.max(maxS, dS);
    maxD = Math.max(maxD, dD);
    maxR = Math.max(maxR, dR);
    if (a[i] === b[i]) ++identical;
    const problems = [];
    if (x.card !== y.card) problems.push('card');
    if (!(dS <= tolerance)) problems.push(`stability (|d| = ${dS})`);
    if (!(dD <= tolerance)) problems.push(`difficulty (|d| = ${dD})`);
    if (!(dR <= tolerance) || ('retrievability' in x) !== ('retrievability' in y)) problems.push('retrievability');
    if (x.scheduled_days !== y.scheduled_days) problems.push('scheduled_days');
    if (Date.parse(x.due) !== Date.parse(y.due)) problems.push('due');
    if (x.state !== y.state) problems.push('state');
    if (problems.length > 0) mismatch = { i, step, card: y.card, problems, ours: a[i], theirs: b[i] };
  }
  if (mismatch) {
    failed = true;
    console.error(`[${config.name}] first mismatch: card ${mismatch.card}, review ${mismatch.step} ` +
      `(input line ${mismatch.i + 1}): ${mismatch.problems.join(', ')}`);
    console.error(`  quizbot: ${mismatch.ours}\n  ts-fsrs: ${mismatch.theirs}`);
    console.error(`  history: ${lines.slice(0, mismatch.i + 1).filter((l) => JSON.parse(l).card === mismatch.card).join('\n           ')}`);
    console.error(`  options: ${config.options.join(' ')}; input kept in ${input}`);
    continue;
  }
  console.log(`[${config.name}] ${config.histories} histories, ${lines.length} reviews: all agree; ` +
    `max |dS| ${maxS.toExponential(1)}, max |dD| ${maxD.toExponential(1)}, max |dR| ${maxR.toExponential(1)}, ` +
    `${identical} of ${lines.length} output lines byte-identical`);
}
process.exit(failed ? 1 : 0);
