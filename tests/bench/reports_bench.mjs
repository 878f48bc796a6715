// SPDX-License-Identifier: MIT
// Instructor reports at class scale (scripts/bench-reports, docs/benchmarks.md, "Reports"): a class generated
// through the real tutoring layer (`quizbot report demo-class`), then every table exported by `quizbot report` in
// CSV and JSON, each run a fresh process reading the database file, as an operator's export is. Measured: wall time
// per export (median, p99). Checked: each export holds what the database says it should (a row per learner, per
// question of the pack, per concept, per day with answers). Beside them, the machine's ceiling: the same command on
// a class with no one in it (same process start, database open and pack load, no rows).
// Then the same tables from a running `quizbot serve`: each dashboard page and each export over HTTP on loopback,
// through a link from `quizbot report link`, one request at a time; beside them, the same requests with a forged
// signature (answered 401 by the same route, with no report read). The exports are checked as above.
// Usage: node reports_bench.mjs QUIZBOT CONTENT_DIR LEARNERS DAYS RUNS
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, stopServer } from '../bot/web/quizbot_server.mjs';

const [quizbot, contentDir, learnersText, daysText, runsText] = process.argv.slice(2);
const learners = Number(learnersText || 1000);
const days = Number(daysText || 5);
const runs = Number(runsText || 21);
const pack = 'zero-sharded';

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const median = (values) => quantile(values, 0.5);
const ms = (v) => `${v.toFixed(0)} ms`;

const dir = mkdtempSync(join(tmpdir(), 'quizbot-reports-bench-'));
const db = join(dir, 'class.db');
const sql = (query) => execFileSync('sqlite3', [db, query], { encoding: 'utf8' }).trim();
try {
  const t0 = performance.now();
  const made = execFileSync(
    quizbot,
    ['report', 'demo-class', '--learners', String(learners), '--days', String(days), '--seed', '11', '--db', db,
      '--content', contentDir],
    { encoding: 'utf8' },
  );
  console.log(`-- ${made.trim()} (${ms(performance.now() - t0)})`);
  const attempts = Number(sql('SELECT count(*) FROM attempt'));
  const inDb = {
    learners: Number(sql('SELECT count(*) FROM learner')), // no --scope: every learner
    items: 0,
    concepts: 0,
    activity: Number(sql("SELECT count(DISTINCT answered_at_ms / 86400000) FROM attempt")),
  };
  // Items and concepts: one row per question and per concept of the pack, as `quizbot content check` counts them.
  const check = execFileSync(quizbot, ['content', 'check', contentDir], { encoding: 'utf8' });
  inDb.items = Number(/^\s+questions\s+(\d+)/m.exec(check)[1]);
  inDb.concepts = check.split('\n').filter((l) => /^\s+concept\s/.test(l)).length;
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`-- ${inDb.learners} learners, ${attempts} attempts, ${inDb.items} questions; ${runs} runs per export;` +
    ` ${availableParallelism()} cores, load ${load}`);

  const run = (table, format, scope) => {
    const args = ['report', table, '--format', format, '--db', db, '--content', contentDir, '--pack', pack,
      '--now', '2026-03-20T12:00:00Z'];
    if (scope) args.push('--scope', scope);
    const start = performance.now();
    const out = execFileSync(quizbot, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
    return { elapsed: performance.now() - start, out };
  };
  const rowsOf = (format, out) =>
    format === 'json' ? JSON.parse(out).length : out.split('\r\n').filter((l) => l.length > 0).length - 1;

  const rows = [];
  for (const table of ['items', 'learners', 'concepts', 'activity']) {
    for (const format of ['csv', 'json']) {
      const work = [];
      const ceiling = [];
      let count = 0;
      for (let i = 0; i < runs; i++) {
        // Side by side: the export and the empty class alternate, so both see the same machine.
        const r = run(table, format, null);
        work.push(r.elapsed);
        count = rowsOf(format, r.out);
        ceiling.push(run(table, format, 'discord:1').elapsed);
      }
      const expected = inDb[table];
      if (count !== expected) {
        throw new Error(`${table} ${format}: ${count} rows, the database says ${expected}`);
      }
      rows.push({ table, format, count, work, ceiling });
    }
  }
  console.log('| export | rows | median | p99 | empty class (median) | ratio |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(`| \`report ${r.table} --format ${r.format}\` | ${r.count} | ${ms(median(r.work))} | ` +
      `${ms(quantile(r.work, 0.99))} | ${ms(median(r.ceiling))} | ${(median(r.work) / median(r.ceiling)).toFixed(1)} |`);
  }

  // The dashboard: the same tables from a running server.
  const server = await startServer(quizbot, { QUIZBOT_DB: db, QUIZBOT_CONTENT: contentDir });
  try {
    const link = execFileSync(quizbot, ['report', 'link', '--scope', 'local', '--db', db],
      { env: { ...process.env, QUIZBOT_PUBLIC_URL: server.url, QUIZBOT_REPORT_SECRET: '' }, encoding: 'utf8' }).trim();
    const query = link.slice(link.indexOf('?') + 1) + `&pack=${pack}`;
    const forged = query.replace(/sig=([0-9a-f])/, (_, c) => `sig=${c === '0' ? '1' : '0'}`);
    const get = async (path, q, expectStatus) => {
      const start = performance.now();
      const res = await fetch(`${server.url}${path}?${q}`);
      const body = await res.text();
      const elapsed = performance.now() - start;
      if (res.status !== expectStatus) throw new Error(`${path}: status ${res.status}, expected ${expectStatus}`);
      return { elapsed, body };
    };
    const targets = [
      ...['', '/items', '/learners', '/concepts', '/activity'].map((p) => ({ path: `/reports${p}`, format: null })),
      ...['items', 'learners', 'concepts', 'activity'].flatMap((t) =>
        ['csv', 'json'].map((format) => ({ path: `/reports/${t}`, table: t, format }))),
    ];
    const pageRows = [];
    for (const t of targets) {
      const q = t.format ? `${query}&format=${t.format}` : query;
      const work = [];
      const ceiling = [];
      let count = null;
      for (let i = 0; i < runs; i++) {
        const r = await get(t.path, q, 200);
        work.push(r.elapsed);
        if (t.format) count = rowsOf(t.format, r.body);
        else if (!r.body.includes('</html>')) throw new Error(`${t.path}: not a whole page`);
        ceiling.push((await get(t.path, forged, 401)).elapsed);
      }
      if (t.format && count !== inDb[t.table]) {
        throw new Error(`${t.path} ${t.format}: ${count} rows, the database says ${inDb[t.table]}`);
      }
      pageRows.push({ name: t.format ? `${t.path}?format=${t.format}` : t.path, count, work, ceiling });
    }
    console.log('\n| request | rows | median | p99 | forged link, 401 (median) | ratio |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of pageRows) {
      console.log(`| \`GET ${r.name}\` | ${r.count ?? 'page'} | ${ms(median(r.work))} | ${ms(quantile(r.work, 0.99))} | ` +
        `${ms(median(r.ceiling))} | ${(median(r.work) / median(r.ceiling)).toFixed(0)} |`);
    }
  } finally {
    await stopServer(server);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
