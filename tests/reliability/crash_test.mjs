// SPDX-License-Identifier: MIT
// kill -9 under HTTP load, again and again: `quizbot serve` on one database takes answers from concurrent learners
// of the playground (each a fresh, real answer to the card on screen) and is killed with SIGKILL at a random moment,
// then started again. At the end every answer that was acknowledged (200 "accepted") must be in the database, once,
// and SQLite's integrity_check must say ok. Prints the counts; exits 1 when an acknowledged answer is missing.
// Usage: node crash_test.mjs QUIZBOT CONTENT_DIR RESTARTS [CLIENTS=16]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, stopServer } from '../bot/web/quizbot_server.mjs';

const [quizbot, contentDir, restartsText, clientsText] = process.argv.slice(2);
const restarts = Number(restartsText);
const clients = Number(clientsText || 16);
if (!quizbot || !contentDir || !(restarts >= 1) || !(clients >= 1)) {
  console.error('usage: crash_test.mjs QUIZBOT CONTENT_DIR RESTARTS [CLIENTS=16]');
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), 'quizbot-crash-'));
const db = join(scratch, 'quizbot.db');
const env = {
  QUIZBOT_DB: db, QUIZBOT_CONTENT: contentDir, QUIZBOT_PLAYGROUND: 'on', QUIZBOT_NEW_LEARNERS_PER_HOUR: '0',
  QUIZBOT_EXPIRE_ANONYMOUS_DAYS: '0',
};

const acknowledged = new Set(); // idempotency keys, "web:<session>:<sequence>"
let sent = 0;
let failedRequests = 0;

async function post(url, path, body) {
  const response = await fetch(url + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: response.status, data: await response.json() };
}

/// One learner answering the card on screen, then the next, until `stop()`; after a failure it starts a new session.
async function learner(url, self, stop) {
  while (!stop()) {
    try {
      if (!self.card) {
        const started = await post(url, '/api/play/session', self.token ? { learner: self.token } : {});
        if (started.status !== 200) continue;
        self.token = started.data.learner;
        self.session = started.data.session;
        self.card = started.data.card;
        continue;
      }
      const sequence = self.card.sequence;
      const choice = Math.floor(Math.random() * self.card.choices.length);
      self.card = null; // until the answer says what comes next
      sent += 1;
      const answered = await post(url, '/api/play/answer',
        { learner: self.token, session: self.session, sequence, choice });
      if (answered.status === 200 && answered.data.status === 'accepted') {
        acknowledged.add(`web:${self.session}:${sequence}`);
        self.card = answered.data.card; // null once the session is over: a new one starts
      }
    } catch (e) {
      failedRequests += 1; // the server is gone: nothing was acknowledged
      self.card = null;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

function sql(query) {
  return execFileSync('sqlite3', [db, query], { encoding: 'utf8' }).trim();
}

let code = 0;
try {
  const learners = Array.from({ length: clients }, () => ({}));
  for (let run = 0; run < restarts; run += 1) {
    const server = await startServer(quizbot, env);
    let killed = false;
    const load = Promise.all(learners.map((self) => learner(server.url, self, () => killed)));
    await new Promise((r) => setTimeout(r, 500 + Math.random() * 1500)); // under load for 0.5 to 2 s
    await stopServer(server, 'SIGKILL');
    killed = true;
    await load;
  }
  // Started once more, on what the last kill left: it must open and serve; then stopped cleanly.
  const last = await startServer(quizbot, env);
  await stopServer(last, 'SIGTERM');

  writeFileSync(join(scratch, 'keys.csv'), [...acknowledged].join('\n') + '\n');
  execFileSync('sqlite3', [db], {
    input: `CREATE TEMP TABLE ack (k TEXT);\n.import ${join(scratch, 'keys.csv')} ack\n` +
      'CREATE TABLE crash_found AS SELECT count(*) AS n FROM ack JOIN attempt ON attempt.idempotency_key = ack.k;\n',
  });
  const found = Number(sql('SELECT n FROM crash_found'));
  const attempts = Number(sql('SELECT count(*) FROM attempt'));
  const duplicates = Number(sql('SELECT count(*) FROM (SELECT idempotency_key FROM attempt GROUP BY 1 HAVING count(*) > 1)'));
  const integrity = sql('PRAGMA integrity_check');
  console.log(`restarts ${restarts} (kill -9 each), clients ${clients}: answers sent ${sent}, acknowledged ` +
    `${acknowledged.size}, found ${found}, attempts in the database ${attempts}, requests cut ${failedRequests}, ` +
    `integrity_check ${integrity}`);
  if (acknowledged.size === 0) { console.error('no answer was acknowledged: the load never ran'); code = 1; }
  if (found !== acknowledged.size) { console.error(`${acknowledged.size - found} acknowledged answers are missing`); code = 1; }
  if (attempts < found || duplicates !== 0) { console.error('attempts recorded twice'); code = 1; }
  if (integrity !== 'ok') { console.error('integrity_check: ' + integrity); code = 1; }
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(code);
