// SPDX-License-Identifier: MIT
// A restart with a question open: `quizbot serve` is killed with SIGKILL while a playground room's question is
// open; started again on the same database, it reveals that question once, at its deadline, and the round goes on.
// Usage: node rounds_restart.mjs QUIZBOT CONTENT_DIR
import {
  call, check, quizbotArguments, roomWithOneAnswer, runScenario, startServer, stopServer,
} from './quizbot_server.mjs';
import { freshDatabase } from './test_database.mjs';

const { quizbot, contentDir } = quizbotArguments('rounds_restart.mjs');


await runScenario('quizbot-restart-', async (scratch, running) => {
  const db = freshDatabase(scratch); // SQLite, or PostgreSQL with QUIZBOT_TEST_ENGINE=postgres
  const start = () => startServer(quizbot, { QUIZBOT_DB: db.location, QUIZBOT_CONTENT: contentDir });
  const first = await start();
  running.push(first);
  const { round, room, host, ben, deadline } = await roomWithOneAnswer(first);

  await stopServer(first, 'SIGKILL');
  running.pop();
  check(Date.now() < deadline, 'the server was killed before the deadline');

  const second = await start();
  running.push(second);
  // A page comes back: the server does not know the room's pages yet, so it joins again, then waits.
  const again = await call(second, 'GET', `/api/rooms/${round}/wait?room=${room}&after=0`);
  check(again.status === 409 && again.data.status === 'join_first', 'a page joins again after a restart');
  const back = await call(second, 'POST', `/api/rooms/${round}/look`, { learner: ben, name: 'Ben', room });
  check(back.data.screen.stage === 'open', 'the question is still open after the restart');
  let screen = back.data.screen;
  while (screen.stage === 'open') {
    const next = await call(second, 'GET', `/api/rooms/${round}/wait?room=${room}&after=${screen.revision}`);
    check(next.status === 200, 'the wait answers: ' + next.status);
    screen = next.data;
  }
  const revealedAt = Date.now();
  check(screen.stage === 'revealed', 'the question is revealed');
  check(screen.reveal.closed_line === 'Time is up.', 'by the timer: ' + screen.reveal.closed_line);
  check(revealedAt >= deadline, 'not before its deadline');
  check(revealedAt - deadline < 3000, 'at its deadline, not ' + (revealedAt - deadline) + ' ms later');
  check(screen.answered === 1, 'the answer given before the kill counts');
  const mine = await call(second, 'POST', `/api/rooms/${round}/look`, { learner: ben, name: 'Ben', room });
  check(mine.data.mine !== null, 'Ben sees how his answer is judged');

  // The round goes on: the host asks the second question.
  const next = await call(second, 'POST', `/api/rooms/${round}/next`, { learner: host, room });
  check(next.status === 200 && next.data.screen.stage === 'open' && next.data.screen.number === 2,
    'the round goes on: ' + JSON.stringify(next.data).slice(0, 200));
  await new Promise((r) => setTimeout(r, 300));
  const reveals = (second.log().match(/round revealed round=\d+ question=1 by=timer/g) || []).length;
  check(reveals === 1, 'revealed exactly once, not ' + reveals + ' times');
  console.log('rounds restart test passed');
});
