// SPDX-License-Identifier: MIT
// The database a web test's servers share, on the engine the test runs on: a SQLite file in the scratch folder, or,
// when QUIZBOT_TEST_ENGINE=postgres, a fresh database in the tests' throwaway PostgreSQL cluster (QUIZBOT_TEST_PG,
// started by ctest's `postgres` fixture). The same scenario runs on both; the database is read with each engine's own
// command-line client (sqlite3, psql), never through quizbot.

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const engine = process.env.QUIZBOT_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

let created = 0;

/// A new, empty database for this test: { location (QUIZBOT_DB), query(sql) -> rows of fields, one(sql) -> number }.
export function freshDatabase(scratch, name = 'quizbot') {
  if (engine === 'sqlite') {
    const file = join(scratch, `${name}.db`);
    const query = (sql) => rows(execFileSync('sqlite3', ['-bail', '-separator', '\t', file, sql], { encoding: 'utf8' }));
    return { location: file, query, one: (sql) => Number(query(sql)[0][0]) };
  }
  const cluster = process.env.QUIZBOT_TEST_PG;
  if (!cluster) throw new Error('QUIZBOT_TEST_ENGINE=postgres needs QUIZBOT_TEST_PG (ctest sets both)');
  const database = `web_${process.pid}_${++created}_${name}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  psql(cluster, `DROP DATABASE IF EXISTS ${database}`);
  psql(cluster, `CREATE DATABASE ${database}`);
  // The cluster's URI names the `postgres` database: the test's own goes in its path.
  const location = cluster.replace(/^(postgres(?:ql)?:\/\/[^/]*)\/[^?]*/, `$1/${database}`);
  const query = (sql) => rows(psql(location, sql));
  return { location, query, one: (sql) => Number(query(sql)[0][0]) };
}

function psql(uri, sql) {
  return execFileSync('psql', ['-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-d', uri, '-c', sql],
    { encoding: 'utf8', env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' } });
}

function rows(text) {
  return text.split('\n').filter((line) => line.length > 0).map((line) => line.split('\t'));
}
