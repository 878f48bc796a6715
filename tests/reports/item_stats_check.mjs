// SPDX-License-Identifier: MIT
// `quizbot report items --format json` against an independent computation of Moodle's item statistics
// (question/classes/statistics/questions/calculator.php, with the rest score of docs/reports.md, "Item analysis").
// A class is generated with `quizbot report demo-class`; its raw answers are read straight from the SQLite file with
// the sqlite3 command-line tool, the first-attempt rule is applied here (each learner's earliest answer to each
// question, ties by id), and every figure is computed with simple-statistics 7.8.8 (tests/package.json). Each figure
// of the report must agree within 1e-9 relative; choices (their number, their order, the right one) come from the pack
// file. Exits 1 naming the question and the figure of every disagreement, 2 on a usage error.
//   node item_stats_check.mjs --quizbot PATH --sqlite3 PATH --content DIR --work DIR (emptied first)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mean, sampleCorrelation, sampleCovariance, sampleStandardDeviation } from 'simple-statistics';

const here = dirname(fileURLToPath(import.meta.url));
const args = {};
for (let i = 2; i + 1 < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
if (!args.quizbot || !args.sqlite3 || !args.content || !args.work) {
  console.error('usage: node item_stats_check.mjs --quizbot PATH --sqlite3 PATH --content DIR --work DIR');
  process.exit(2);
}

const statsManifest = join(here, '..', 'node_modules', 'simple-statistics', 'package.json');
const statsVersion = JSON.parse(readFileSync(statsManifest, 'utf8')).version;
if (statsVersion !== '7.8.8') {
  console.error(`simple-statistics ${statsVersion} is installed; the check needs exactly 7.8.8 (run npm ci in tests/)`);
  process.exit(1);
}

// The documented analysis (docs/reports.md): learners need this many other questions to count for DI and DE.
const minOther = 3;
const tolerance = 1e-9;

const problems = [];
const fail = (message) => problems.push(message);

function run(program, argv) {
  const result = spawnSync(program, argv, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error || result.status !== 0) {
    const why = result.error ?? `exit ${result.status}`;
    console.error(`${program} ${argv.join(' ')} failed (${why}):\n${result.stderr}`);
    process.exit(1);
  }
  return result.stdout;
}

const query = (db, sql) => {
  const text = run(args.sqlite3, ['-readonly', '-json', db, sql]).trim();
  return text === '' ? [] : JSON.parse(text); // sqlite3 prints nothing at all for no rows
};

// The pack's questions: key, number of choices and the right one, choices counted in pack order, which is the order
// they are written in (docs/pack-format.md). Code blocks are skipped, as the loader skips them.
function readPack(folder) {
  const file = existsSync(join(folder, 'questions.en.md'))
    ? join(folder, 'questions.en.md')
    : join(folder, readdirSync(folder).find((name) => /^questions\.[a-z]+\.md$/.test(name)));
  const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
  const questions = new Map();
  let inQuestions = false;
  let fence = null;
  let current = null;
  for (const line of lines) {
    if (fence) {
      if (line.startsWith(fence)) fence = null;
      continue;
    }
    const opened = /^(```|~~~)/.exec(line);
    if (opened) {
      fence = opened[1];
      continue;
    }
    if (/^# /.test(line)) {
      inQuestions = line.trim() === '# Questions';
      current = null;
      continue;
    }
    if (!inQuestions) continue;
    const heading = /^## (\S+)\s*$/.exec(line);
    if (heading) {
      current = { choices: 0, right: -1 };
      questions.set(heading[1], current);
      continue;
    }
    const choice = /^- \[([ xX])\] /.exec(line);
    if (choice && current) {
      if (choice[1] !== ' ') current.right = current.choices;
      current.choices += 1;
    }
  }
  return questions;
}

// Relative, with a floor for figures that are 0 on one side and a rounding error on the other.
const close = (a, b) => Math.abs(a - b) <= Math.max(tolerance * Math.max(Math.abs(a), Math.abs(b)), 1e-15);

function compare(question, figure, expected, actual) {
  if (expected === null || actual === null || actual === undefined) {
    if (expected !== actual) {
      fail(`${question}: ${figure} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    }
    return;
  }
  if (typeof actual !== 'number' || !close(expected, actual)) {
    fail(`${question}: ${figure} is ${JSON.stringify(actual)}, expected ${expected}`);
  }
}

// 1. A class: 60 learners over 3 days. Short enough that some questions get no first answer or only one, and some
// learners answer too few questions to count for the discrimination; long enough for later answers.
rmSync(args.work, { recursive: true, force: true });
mkdirSync(args.work, { recursive: true });
const db = join(args.work, 'class.db');
run(args.quizbot, ['report', 'demo-class', '--learners', '60', '--seed', '7', '--days', '3', '--db', db,
  '--content', args.content]);

// 2. The raw answers, without the stored first_attempt flag.
const answers = query(
  db,
  'SELECT a.id AS id, a.learner_id AS learner, p.pack_key AS pack, q.question_key AS question,' +
    ' a.chosen_choice AS choice, a.correct AS correct, a.answered_at_ms AS at FROM attempt a' +
    ' JOIN question_version v ON v.id = a.question_version_id JOIN question q ON q.id = v.question_id' +
    ' JOIN pack p ON p.id = q.pack_id',
);
const packKeys = [...new Set(answers.map((a) => a.pack))];
if (packKeys.length !== 1) {
  console.error(`the generated class answered ${packKeys.length} packs (${packKeys.join(', ')}), expected one`);
  process.exit(1);
}
const pack = readPack(join(args.content, packKeys[0]));

// The first-attempt rule: each learner's earliest answer to each question, ties broken by id.
const byPair = new Map();
for (const a of answers) {
  const key = `${a.learner}\u0000${a.question}`;
  const held = byPair.get(key);
  if (!held || a.at < held.at || (a.at === held.at && a.id < held.id)) byPair.set(key, a);
}
const firstIds = new Set([...byPair.values()].map((a) => a.id));

// The stored flag must say the same.
for (const { id, first_attempt: stored } of query(db, 'SELECT id, first_attempt FROM attempt')) {
  if ((stored === 1) !== firstIds.has(id)) {
    const is = firstIds.has(id) ? 'is' : 'is not';
    fail(`attempt ${id}: first_attempt is stored as ${stored}, but it ${is} the learner's earliest answer to it`);
  }
}

// Every answer names a question of the pack, a choice it has, and is right exactly when it chose the right choice.
for (const a of answers) {
  const item = pack.get(a.question);
  if (!item) {
    fail(`attempt ${a.id}: question ${a.question} is not in pack ${packKeys[0]}`);
  } else if (a.choice >= item.choices) {
    fail(`attempt ${a.id}: choice ${a.choice} of ${a.question}, which has ${item.choices}`);
  } else if ((a.correct === 1) !== (a.choice === item.right)) {
    fail(`attempt ${a.id}: correct is ${a.correct} for choice ${a.choice} of ${a.question} (right: ${item.right})`);
  }
}

// 3. The figures, per question.
const firsts = answers.filter((a) => firstIds.has(a.id) && pack.has(a.question));
const perLearner = new Map(); // learner -> { answered, right } over first answers
for (const a of firsts) {
  const who = perLearner.get(a.learner) ?? { answered: 0, right: 0 };
  who.answered += 1;
  who.right += a.correct;
  perLearner.set(a.learner, who);
}
const constant = (values) => values.every((v) => v === values[0]);

const expected = new Map();
for (const [question, item] of pack) {
  const mine = firsts.filter((a) => a.question === question);
  const scores = mine.map((a) => a.correct);
  const later = answers.filter((a) => a.question === question && !firstIds.has(a.id));
  const score = [];
  const rest = [];
  for (const a of mine) {
    const who = perLearner.get(a.learner);
    const other = who.answered - 1;
    if (other >= minOther) {
      score.push(a.correct);
      rest.push((who.right - a.correct) / other);
    }
  }
  // Both figures need two pairs and neither list constant: a zero variance (Moodle: markvariance × othermarkvariance
  // is 0) and a zero largest covariance (Moodle: covariancemax is 0) both mean exactly that.
  const defined = score.length >= 2 && !constant(score) && !constant(rest);
  const sortedScore = [...score].sort((x, y) => x - y);
  const sortedRest = [...rest].sort((x, y) => x - y);
  const facility = scores.length > 0 ? mean(scores) : null;
  const discrimination = defined ? sampleCorrelation(score, rest) : null;
  const efficiency = defined ? sampleCovariance(score, rest) / sampleCovariance(sortedScore, sortedRest) : null;
  const randomGuess = 1 / item.choices;
  const flags = [];
  if (scores.length > 0) {
    if (facility <= 0.05 || (discrimination !== null && discrimination < 0)) flags.push('broken');
    if (facility < 0.2) flags.push('too_hard');
    if (facility >= 0.9) flags.push('too_easy');
    if (discrimination !== null && discrimination < 0.2) flags.push('weak');
    if (efficiency !== null && efficiency < 0.15) flags.push('dubious');
    if (randomGuess > 0.4) flags.push('guessable');
  }
  const shares = [];
  for (let c = 0; c < item.choices; ++c) {
    shares.push(scores.length > 0 ? mine.filter((a) => a.choice === c).length / scores.length : null);
  }
  expected.set(question, {
    n: scores.length,
    facility,
    sd: scores.length >= 2 ? sampleStandardDeviation(scores) : null,
    discrimination,
    efficiency,
    rest_pairs: score.length,
    random_guess: randomGuess,
    later_n: later.length,
    later_facility: later.length > 0 ? mean(later.map((a) => a.correct)) : null,
    flags,
    shares,
  });
}

// The class must exercise the analysis, or agreement proves little.
const figures = [...expected.values()];
const atLeast = (count, what, test) => {
  if (figures.filter(test).length < count) fail(`the generated class has fewer than ${count} question(s) ${what}`);
};
atLeast(10, 'with 10 or more first answers', (e) => e.n >= 10);
atLeast(5, 'with a discrimination', (e) => e.discrimination !== null);
atLeast(1, 'with a negative discrimination', (e) => e.discrimination !== null && e.discrimination < 0);
atLeast(1, 'with answers but no discrimination (a constant score or rest score)',
  (e) => e.n >= 2 && e.discrimination === null);
atLeast(1, 'where a learner with too few other questions was left out', (e) => e.rest_pairs < e.n);
atLeast(1, 'without first answers', (e) => e.n === 0);
atLeast(5, 'with later answers', (e) => e.later_n > 0);
if (new Set(figures.flatMap((e) => e.flags)).size < 3) fail('the generated class raises fewer than 3 kinds of flag');

// 4. The report.
const rows = JSON.parse(run(args.quizbot, ['report', 'items', '--format', 'json', '--db', db,
  '--content', args.content]));
const reported = rows.map((r) => r.question);
if (JSON.stringify([...reported].sort()) !== JSON.stringify([...pack.keys()].sort())) {
  fail(`the report's questions (${reported.join(', ')}) are not the pack's (${[...pack.keys()].join(', ')})`);
}
const widest = Math.max(...[...pack.values()].map((item) => item.choices));
for (const row of rows) {
  const e = expected.get(row.question);
  if (!e) continue;
  const figureNames = ['n', 'facility', 'sd', 'discrimination', 'efficiency', 'rest_pairs', 'random_guess', 'later_n',
    'later_facility'];
  for (const figure of figureNames) {
    compare(row.question, figure, e[figure], row[figure]);
  }
  const flags = row.flags === '' ? [] : row.flags.split(' ');
  if (JSON.stringify(flags) !== JSON.stringify(e.flags)) {
    fail(`${row.question}: flags are "${row.flags}", expected "${e.flags.join(' ')}"`);
  }
  for (let c = 0; c < widest; ++c) {
    const column = `choice_${c + 1}_share`;
    compare(row.question, column, c < e.shares.length ? e.shares[c] : null, row[column]);
  }
  if (`choice_${widest + 1}_share` in row) {
    fail(`${row.question}: a column choice_${widest + 1}_share past the pack's widest question`);
  }
}

if (problems.length > 0) {
  for (const problem of problems.slice(0, 40)) console.error(problem);
  if (problems.length > 40) console.error(`… and ${problems.length - 40} more`);
  console.error(`the class is kept in ${db}`);
  process.exit(1);
}
const later = figures.reduce((sum, e) => sum + e.later_n, 0);
const counts = `${firsts.length} first answers, ${later} later ones`;
console.log(`item statistics of ${rows.length} questions (${counts}) match the independent computation`);
