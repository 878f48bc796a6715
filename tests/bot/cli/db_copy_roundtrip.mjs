// SPDX-License-Identifier: MIT
// Moving an installation: a generated class (`report demo-class`) on SQLite is copied into an empty PostgreSQL
// database with `quizbot db copy`, and back into a new SQLite file. The instructor's reports give the same bytes on
// all three, every learner's next due question is the same, every id is kept, and a copy into a database that holds
// rows is refused, changing nothing.
// Usage: node db_copy_roundtrip.mjs QUIZBOT CONTENT_DIR (QUIZBOT_TEST_PG: the tests' cluster)
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { check, quizbotArguments, runScenario } from '../web/quizbot_server.mjs';

const { quizbot, contentDir } = quizbotArguments('db_copy_roundtrip.mjs');
const NOW = '2026-03-20T09:00:00Z'; // due reviews counted at a fixed instant: the runs compare byte for byte

const run = (...args) => execFileSync(quizbot, args, { encoding: 'utf8' });
const psql = (uri, sql) => execFileSync('psql', ['-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-d',
  uri, '-c', sql], { encoding: 'utf8', env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' } });
const sqlite = (file, sql) => execFileSync('sqlite3', ['-separator', '\t', file, sql], { encoding: 'utf8' });

const reports = (db) => ['items', 'learners', 'concepts', 'activity'].map((kind) =>
  run('report', kind, '--format', 'csv', '--db', db, '--content', contentDir, '--now', NOW));

// Per learner, the question due first and when: what their next session starts with.
const NEXT_DUE = `SELECT l.platform || ':' || l.external_id, q.question_key, m.due_at_ms FROM memory m
  JOIN learner l ON l.id = m.learner_id JOIN question q ON q.id = m.question_id
  WHERE NOT EXISTS (SELECT 1 FROM memory e WHERE e.learner_id = m.learner_id
                    AND (e.due_at_ms < m.due_at_ms OR (e.due_at_ms = m.due_at_ms AND e.question_id < m.question_id)))
  ORDER BY 1`;
const IDS = 'SELECT (SELECT sum(id) FROM learner) || \':\' || (SELECT sum(id) FROM attempt) || \':\' || (SELECT sum(id) FROM session)';

await runScenario('quizbot-db-copy-', async (scratch) => {
  const cluster = process.env.QUIZBOT_TEST_PG;
  check(cluster, 'QUIZBOT_TEST_PG names the tests\' cluster');
  const database = `copy_${process.pid}`;
  psql(cluster, `DROP DATABASE IF EXISTS ${database}`);
  psql(cluster, `CREATE DATABASE ${database}`);
  const postgres = cluster.replace(/^(postgres(?:ql)?:\/\/[^/]*)\/[^?]*/, `$1/${database}`);
  try {
    const original = join(scratch, 'class.db');
    const back = join(scratch, 'back.db');
    run('report', 'demo-class', '--db', original, '--content', contentDir);

    const copied = run('db', 'copy', '--from', original, '--to', postgres);
    check(/attempt\s+\d+/.test(copied), 'the copy lists its rows per table: ' + copied);
    run('db', 'copy', '--from', postgres, '--to', back);

    const [a, b, c] = [original, postgres, back].map(reports);
    check(a[0].split('\n').length > 10 && a[1].split('\n').length > 100, 'the class has items and learners');
    for (let i = 0; i < a.length; i += 1) {
      check(a[i] === b[i], `report ${i} is the same on PostgreSQL`);
      check(a[i] === c[i], `report ${i} is the same once copied back`);
    }
    const dueLite = sqlite(original, NEXT_DUE);
    check(dueLite.split('\n').length > 100, 'learners have a next due question');
    check(psql(postgres, NEXT_DUE) === dueLite, 'every learner\'s next due question is the same on PostgreSQL');
    check(sqlite(back, NEXT_DUE) === dueLite, 'and once copied back');
    check(psql(postgres, IDS) === sqlite(original, IDS), 'every id is kept');

    // Learners created after the copy never get an id used before: the sequences carried the floor over.
    const maxLearner = Number(sqlite(original, 'SELECT max(id) FROM learner'));
    psql(postgres, "INSERT INTO learner (platform, external_id) VALUES ('local', 'after-the-copy')");
    check(Number(psql(postgres, "SELECT id FROM learner WHERE external_id = 'after-the-copy'")) > maxLearner,
      'a new learner on PostgreSQL gets a new id');

    // The review log exports the same on both engines; a learner is forgotten on PostgreSQL as on SQLite.
    const exported = run('srs', 'export', '--db', original);
    check(exported.split('\n').length > 13000, 'every answer is exported');
    check(run('srs', 'export', '--db', postgres) === exported, 'srs export gives the same bytes on PostgreSQL');
    const played = spawnSync(quizbot, ['play', '--learner', 'ada', '--db', postgres, '--content', contentDir,
      '--lang', 'en'], { input: 'a\nq\n', encoding: 'utf8' });
    check(played.status === 0 && /recorded|Correct|Not quite|Right|Wrong/i.test(played.stdout),
      'a terminal session on PostgreSQL: ' + played.stdout.slice(0, 300) + played.stderr);
    check(psql(postgres, "SELECT count(*) FROM attempt a JOIN learner l ON l.id = a.learner_id WHERE l.external_id = 'ada'").trim() === '1',
      'its answer is recorded');
    const forgot = run('forget', 'ada', '--db', postgres);
    check(/forgot learner local:ada/.test(forgot) && /attempts: 1/.test(forgot), 'ada is forgotten: ' + forgot);
    check(psql(postgres, "SELECT count(*) FROM learner WHERE external_id = 'ada'").trim() === '0', 'nothing left of her');

    const refused = spawnSync(quizbot, ['db', 'copy', '--from', original, '--to', postgres], { encoding: 'utf8' });
    check(refused.status === 1 && /is not empty/.test(refused.stderr), 'a target with rows is refused: ' + refused.stderr);
    check(psql(postgres, 'SELECT count(*) FROM learner').trim() === String(maxLearner + 1), 'and left as it was');
    const bad = spawnSync(quizbot, ['db', 'copy', '--from', original, '--to', 'mysql://u:hunter2@h/db'], { encoding: 'utf8' });
    check(bad.status === 2 && !bad.stderr.includes('hunter2'), 'an unknown engine is a usage error, password unshown');
    console.log('db copy round trip passed');
  } finally {
    psql(cluster, `DROP DATABASE IF EXISTS ${database}`);
  }
});
