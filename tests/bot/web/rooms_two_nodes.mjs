// SPDX-License-Identifier: MIT
// A playground room whose pages reach different nodes of one database: the host on node A, two members on node B.
// The host's page (waiting on A) sees the answers given through B, and the members' pages (waiting on B) see the
// reveal made through A, each within a few seconds: a node polls the database for the rooms its pages watch.
// Runs on SQLite (two processes on one file) and on PostgreSQL (test_database.mjs).
// Usage: node rooms_two_nodes.mjs QUIZBOT CONTENT_DIR
import { call, check, quizbotArguments, runScenario, startServer } from './quizbot_server.mjs';
import { engine, freshDatabase } from './test_database.mjs';

const { quizbot, contentDir } = quizbotArguments('rooms_two_nodes.mjs');

/// The room's next screen after `revision`, waited for on `node`, within `ms`.
async function nextScreen(node, round, room, revision, ms) {
  const started = Date.now();
  for (;;) {
    const waited = await call(node, 'GET', `/api/rooms/${round}/wait?room=${room}&after=${revision}`);
    check(waited.status === 200, 'the wait is answered: ' + JSON.stringify(waited.data));
    if (waited.data.revision > revision) return { screen: waited.data, took: Date.now() - started };
    check(Date.now() - started < ms, `a newer screen within ${ms} ms`);
  }
}

await runScenario('quizbot-rooms-two-nodes-', async (scratch, running) => {
  const db = freshDatabase(scratch);
  // A short hold, so that a wait that sees nothing new comes back and the loop above can time out.
  const env = { QUIZBOT_DB: db.location, QUIZBOT_CONTENT: contentDir, QUIZBOT_REQUEST_TIMEOUT_MS: '6000' };
  const a = await startServer(quizbot, env);
  running.push(a);
  const b = await startServer(quizbot, env);
  running.push(b);

  const created = await call(a, 'POST', '/api/rooms', { name: 'Ana', questions: 2, seconds: 120, lang: 'en' });
  check(created.status === 200, 'Ana opens a room on A: ' + JSON.stringify(created.data));
  const { round, room, learner: host } = created.data;
  const members = [];
  for (const name of ['Ben', 'Cleo']) {
    const joined = await call(b, 'POST', `/api/rooms/${round}/look`, { name, room, lang: 'en' });
    check(joined.status === 200, `${name} joins on B`);
    members.push({ name, learner: joined.data.learner, revision: joined.data.screen.revision });
  }
  const hostSeen = await call(a, 'POST', `/api/rooms/${round}/look`, { learner: host, name: 'Ana', room });
  check(hostSeen.status === 200, 'Ana looks on A: ' + JSON.stringify(hostSeen.data));
  let hostRevision = hostSeen.data.screen.revision;

  for (const [i, member] of members.entries()) {
    const hostWaits = nextScreen(a, round, room, hostRevision, 5000);
    const answered = await call(b, 'POST', `/api/rooms/${round}/answer`,
      { learner: member.learner, room, sequence: 1, choice: i });
    check(answered.status === 200 && answered.data.status === 'in', `${member.name} answers on B`);
    // The host's page may first see a join it had not seen; it must reach this answer.
    let seen = await hostWaits;
    while (seen.screen.answered < i + 1) seen = await nextScreen(a, round, room, seen.screen.revision, 5000);
    check(seen.screen.answered === i + 1, `the host on A sees ${i + 1} answer(s)`);
    hostRevision = seen.screen.revision;
  }

  const membersWait = members.map((m) => nextScreen(b, round, room, m.revision, 5000).then(async (seen) => {
    let s = seen;
    while (s.screen.stage !== 'revealed') s = await nextScreen(b, round, room, s.screen.revision, 5000);
    return s.screen;
  }));
  const revealed = await call(a, 'POST', `/api/rooms/${round}/reveal`, { learner: host, room });
  check(revealed.status === 200, 'Ana reveals on A: ' + JSON.stringify(revealed.data).slice(0, 200));
  for (const screen of await Promise.all(membersWait)) {
    check(screen.stage === 'revealed' && screen.answered === 2, 'a member on B sees the reveal with both answers');
  }
  check(db.one(`SELECT count(*) FROM attempt WHERE round_id = ${round}`) === 2, 'two answers recorded');
  console.log(`rooms across two nodes passed (${engine})`);
});
