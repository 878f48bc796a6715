// SPDX-License-Identifier: MIT
// Two nodes on one database: two `quizbot serve` on the same SQLite file, or the same PostgreSQL database
// (test_database.mjs). A playground room's question is opened and answered through node A alone, and A is killed with
// SIGKILL before its deadline. Node B, which no request about the round ever reached, reveals it at its deadline,
// once, found by its periodic look in the database.
// Usage: node rounds_two_nodes.mjs QUIZBOT CONTENT_DIR
import {
  call, check, quizbotArguments, roomWithOneAnswer, runScenario, startServer, stopServer,
} from './quizbot_server.mjs';
import { engine, freshDatabase } from './test_database.mjs';

const { quizbot, contentDir } = quizbotArguments('rounds_two_nodes.mjs');

const revealsIn = (log, round) =>
  (log.match(new RegExp(`round revealed round=${round} question=1 by=timer`, 'g')) || []).length;

await runScenario('quizbot-two-nodes-', async (scratch, running) => {
  const db = freshDatabase(scratch);
  const start = () => startServer(quizbot, { QUIZBOT_DB: db.location, QUIZBOT_CONTENT: contentDir });
  const a = await start();
  running.push(a);
  const b = await start();
  running.push(b);

  const { round, room, ben, deadline } = await roomWithOneAnswer(a);

  await stopServer(a, 'SIGKILL');
  check(Date.now() < deadline, 'A was killed before the deadline');
  check(revealsIn(a.log(), round) === 0, 'A revealed nothing');

  // No request reaches B until its log says it revealed the question.
  while (revealsIn(b.log(), round) === 0 && Date.now() < deadline + 10000) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const revealedAt = Date.now();
  check(revealsIn(b.log(), round) === 1, 'B revealed the question');
  check(revealedAt >= deadline, 'not before its deadline');
  check(revealedAt - deadline < 2500, 'at its deadline, not ' + (revealedAt - deadline) + ' ms later');

  const seen = await call(b, 'POST', `/api/rooms/${round}/look`, { learner: ben, name: 'Ben', room });
  check(seen.data.screen.stage === 'revealed', 'B shows the reveal: ' + JSON.stringify(seen.data).slice(0, 200));
  check(seen.data.screen.reveal.closed_line === 'Time is up.', 'by the timer: ' + seen.data.screen.reveal.closed_line);
  check(seen.data.screen.answered === 1, 'the answer given through A counts');
  await new Promise((r) => setTimeout(r, 1500)); // another look or two
  check(revealsIn(b.log(), round) === 1, 'revealed exactly once');
  check(db.one('SELECT count(*) FROM attempt WHERE round_id = ' + round) === 1, 'one answer recorded');
  console.log(`two nodes test passed (${engine})`);
});
