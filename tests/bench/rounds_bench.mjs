// SPDX-License-Identifier: MIT
// A study group's burst (scripts/bench-rounds, docs/benchmarks.md): in a playground room of a Release
// `quizbot serve` (fresh database, durable writes), 50 members answer one question within one second, each a distinct
// member's first click on the question on screen. Measured: every answer acknowledged and recorded (checked in the
// database afterwards), the acknowledgement latencies, how many changes of the round reached a page waiting on the
// room (the playground's live updates; the platforms' edits go through the same coalescing), and the time from the
// question's deadline to the reveal reaching that page. Beside it, the machine's ceiling: the same 50 requests,
// spread the same way, to a path the server does not serve (HTTP alone, no work).
// Usage: node rounds_bench.mjs URL DATABASE RUNS MEMBERS
import { execFileSync } from 'node:child_process';

const [url, database, runsText, membersText] = process.argv.slice(2);
const runs = Number(runsText || 5);
const members = Number(membersText || 50);
const spreadMs = 1000;

async function post(path, body) {
  const started = performance.now();
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => null);
  return { status: res.status, data, ms: performance.now() - started };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const median = (values) => quantile(values, 0.5);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// Fires `send(i)` for i < members, spread evenly over one second; resolves with every reply.
async function burst(send) {
  const t0 = performance.now();
  return Promise.all(Array.from({ length: members }, async (_, i) => {
    const due = t0 + (i * spreadMs) / members;
    await sleep(Math.max(0, due - performance.now()));
    return send(i);
  }));
}

async function oneRun(run) {
  // Setup (not measured): a room of one question, 10 s, and the members in it.
  const created = await post('/api/rooms', { name: 'Host', questions: 1, seconds: 10, lang: 'en' });
  if (created.status !== 200) throw new Error('room: ' + JSON.stringify(created.data));
  const { round, room } = created.data;
  const deadline = created.data.screen.card.deadline_ms;
  const learners = [];
  for (let i = 0; i < members; ++i) {
    const joined = await post(`/api/rooms/${round}/look`, { name: `member ${run}.${i}`, room, lang: 'en' });
    learners.push(joined.data.learner);
  }
  // A page waiting on the room: counts the changes it receives and notes when the reveal arrives.
  let pushes = 0;
  let revealAt = null;
  let revision = created.data.screen.revision;
  // Like the page, it starts a request a second after the previous one started at the earliest.
  const watcher = (async () => {
    while (revealAt === null) {
      const started = performance.now();
      const res = await fetch(`${url}/api/rooms/${round}/wait?room=${room}&after=${revision}`);
      const screen = await res.json();
      if (res.status !== 200) throw new Error('wait: ' + res.status);
      if (screen.revision > revision) pushes += 1;
      revision = Math.max(revision, screen.revision);
      if (screen.stage === 'revealed') revealAt = Date.now();
      else await sleep(Math.max(0, 1000 - (performance.now() - started)));
    }
  })();

  const ceiling = await burst(() => post(`/bench/not-served/${round}`, { learner: 'x', room, sequence: 1, choice: 0 }));
  const answers = await burst((i) => post(`/api/rooms/${round}/answer`,
    { learner: learners[i], room, sequence: 1, choice: i % 4 }));
  await watcher; // the host never answers: the deadline closes the question
  const bad = answers.filter((a) => a.status !== 200 || a.data.status !== 'in').length;
  const recorded = Number(execFileSync('sqlite3', [database,
    `SELECT count(*) FROM attempt WHERE round_id = ${round}`]).toString().trim());
  return {
    run,
    ackP50: median(answers.map((a) => a.ms)),
    ackP99: quantile(answers.map((a) => a.ms), 0.99),
    ceilingP50: median(ceiling.map((a) => a.ms)),
    ceilingP99: quantile(ceiling.map((a) => a.ms), 0.99),
    bad,
    recorded,
    pushes,
    revealMs: revealAt - deadline,
  };
}

const results = [];
console.log('run  ack p50 ms  ack p99 ms  ceiling p50  ceiling p99  refused  recorded  page updates  deadline->reveal ms');
for (let run = 1; run <= runs; ++run) {
  const r = await oneRun(run);
  results.push(r);
  console.log([r.run, r.ackP50.toFixed(1), r.ackP99.toFixed(1), r.ceilingP50.toFixed(1), r.ceilingP99.toFixed(1), r.bad,
    `${r.recorded}/${members}`, r.pushes, r.revealMs].map(String).map((s, i) => s.padStart(i === 0 ? 3 : 11)).join(' '));
  if (r.recorded !== members || r.bad !== 0) {
    console.error('not every answer was acknowledged and recorded');
    process.exit(1);
  }
}
const m = (key) => median(results.map((r) => r[key]));
console.log(`-- medians over ${runs} runs: ack p50 ${m('ackP50').toFixed(1)} ms, p99 ${m('ackP99').toFixed(1)} ms ` +
  `(ceiling p50 ${m('ceilingP50').toFixed(1)} ms, p99 ${m('ceilingP99').toFixed(1)} ms: ` +
  `${(m('ackP99') / m('ceilingP99')).toFixed(1)}x); ${m('pushes')} page updates for ${members} answers; ` +
  `deadline to reveal ${m('revealMs')} ms; every answer recorded in every run`);
