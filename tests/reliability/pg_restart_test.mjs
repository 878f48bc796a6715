// SPDX-License-Identifier: MIT
// PostgreSQL restarted under load: playground learners answer as fast as they can while the database is restarted
// (`pg_ctl restart -m fast`, as an operator would). While it is down the node answers 503 with Retry-After (never
// another 5xx, never a crash); within seconds of its return it records answers again; and every answer it
// acknowledged is in the database. The test runs its own cluster (scripts/pg-cluster), since restarting the shared
// one would disturb the other PostgreSQL tests.
// Usage: node pg_restart_test.mjs QUIZBOT CONTENT_DIR PG_CLUSTER_SCRIPT
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { check, runScenario, startServer } from '../bot/web/quizbot_server.mjs';

const [quizbot, contentDir, clusterScript] = process.argv.slice(2);
if (!quizbot || !contentDir || !clusterScript) {
  console.error('usage: pg_restart_test.mjs QUIZBOT CONTENT_DIR PG_CLUSTER_SCRIPT');
  process.exit(2);
}
const CLIENTS = 8;

async function post(server, path, body) {
  const response = await fetch(server.url + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), data: await response.json() };
}

await runScenario('quizbot-pg-restart-', async (scratch, running) => {
  // A short folder of its own: a unix socket's path has at most 107 bytes.
  const cluster = mkdtempSync('/tmp/quizbot-pgr-');
  const pg = (...args) => execFileSync(clusterScript, [...args, cluster], { encoding: 'utf8' });
  console.log(pg('start').trim());
  try {
    const location = `postgresql:///postgres?host=${cluster}&user=postgres`;
    const server = await startServer(quizbot, {
      QUIZBOT_DB: location, QUIZBOT_CONTENT: contentDir, QUIZBOT_PLAYGROUND: 'on',
      QUIZBOT_NEW_LEARNERS_PER_HOUR: '0', QUIZBOT_EXPIRE_ANONYMOUS_DAYS: '0',
    });
    running.push(server);

    const acknowledged = new Set();
    const statuses = new Map();
    let lastAcceptedAt = 0;
    let stop = false;
    const client = async () => {
      let self = {};
      while (!stop) {
        let r;
        if (!self.card) {
          r = await post(server, '/api/play/session', self.token ? { learner: self.token } : {});
          if (r.status === 200) Object.assign(self, { token: r.data.learner, session: r.data.session, card: r.data.card });
        } else {
          const body = { learner: self.token, session: self.session, sequence: self.card.sequence, choice: 0 };
          r = await post(server, '/api/play/answer', body);
          if (r.status === 200 && r.data.status === 'accepted') {
            acknowledged.add(`web:${self.session}:${body.sequence}`);
            lastAcceptedAt = Date.now();
            self.card = r.data.card;
          } else if (r.status === 409) {
            self.card = null; // stale: start again from what the server says
          }
        }
        statuses.set(r.status, (statuses.get(r.status) || 0) + 1);
        if (r.status === 503) {
          check(r.retryAfter !== null, 'a 503 says when to retry');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        if (r.status === 404) self = {}; // a learner created in a transaction the restart rolled back
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = acknowledged.size;
    check(before > 0, 'answers are recorded before the restart');
    pg('restart');
    const restartedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    stop = true;
    await Promise.all(clients);

    check(server.child.exitCode === null && server.child.signalCode === null, 'the node is still running');
    check((statuses.get(503) || 0) > 0, 'answered 503 while the database was down');
    check(lastAcceptedAt > restartedAt, 'answers are recorded again after the restart');
    check(acknowledged.size > before, 'more answers after the restart');
    for (const status of statuses.keys()) {
      check([200, 404, 409, 503].includes(status), `no other status than 200, 404, 409 and 503 (got ${status})`);
    }
    const keys = [...acknowledged].map((k) => `'${k}'`).join(',');
    const found = Number(execFileSync('psql', ['-X', '-A', '-t', '-d', location, '-c',
      `SELECT count(*) FROM attempt WHERE idempotency_key IN (${keys})`], { encoding: 'utf8' }).trim());
    check(found === acknowledged.size, `every acknowledged answer is in the database (${found} of ${acknowledged.size})`);
    console.log(`statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${acknowledged.size} acknowledged, all found`);
  } finally {
    pg('stop');
  }
});
