// SPDX-License-Identifier: MIT
// A restart with a question open: `quizbot serve` is killed with SIGKILL while a playground room's question is
// open; started again on the same database, it reveals that question once, at its deadline, and the round goes on.
// Usage: node rounds_restart.mjs QUIZBOT CONTENT_DIR
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, startServer, stopServer } from './quizbot_server.mjs';

const [quizbot, contentDir] = process.argv.slice(2);
if (!quizbot || !contentDir) {
  console.error('usage: rounds_restart.mjs QUIZBOT CONTENT_DIR');
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), 'quizbot-restart-'));

const start = () => startServer(quizbot, { QUIZBOT_DB: join(scratch, 'quizbot.db'), QUIZBOT_CONTENT: contentDir });

async function call(server, method, path, body) {
  const response = await fetch(server.url + path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, data: await response.json() };
}

let failed = false;
const running = [];
try {
  const first = await start();
  running.push(first);
  const created = await call(first, 'POST', '/api/rooms', { name: 'Ana', questions: 2, seconds: 10, lang: 'en' });
  check(created.status === 200, 'the room is created: ' + JSON.stringify(created.data));
  const { round, room, learner: host } = created.data;
  const deadline = created.data.screen.card.deadline_ms;
  const ben = await call(first, 'POST', `/api/rooms/${round}/look`, { name: 'Ben', room, lang: 'en' });
  check(ben.status === 200, 'Ben joins');
  const answered = await call(first, 'POST', `/api/rooms/${round}/answer`,
    { learner: ben.data.learner, room, sequence: 1, choice: 0 });
  check(answered.status === 200 && answered.data.status === 'in', 'Ben answers: ' + JSON.stringify(answered.data));

  await stopServer(first, 'SIGKILL');
  running.pop();
  check(Date.now() < deadline, 'the server was killed before the deadline');

  const second = await start();
  running.push(second);
  // A page comes back: the server does not know the room's pages yet, so it joins again, then waits.
  const again = await call(second, 'GET', `/api/rooms/${round}/wait?room=${room}&after=0`);
  check(again.status === 409 && again.data.status === 'join_first', 'a page joins again after a restart');
  const back = await call(second, 'POST', `/api/rooms/${round}/look`, { learner: ben.data.learner, name: 'Ben', room });
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
  const mine = await call(second, 'POST', `/api/rooms/${round}/look`, { learner: ben.data.learner, name: 'Ben', room });
  check(mine.data.mine !== null, 'Ben sees how his answer is judged');

  // The round goes on: the host asks the second question.
  const next = await call(second, 'POST', `/api/rooms/${round}/next`, { learner: host, room });
  check(next.status === 200 && next.data.screen.stage === 'open' && next.data.screen.number === 2,
    'the round goes on: ' + JSON.stringify(next.data).slice(0, 200));
  await new Promise((r) => setTimeout(r, 300));
  const reveals = (second.log().match(/round revealed round=\d+ question=1 by=timer/g) || []).length;
  check(reveals === 1, 'revealed exactly once, not ' + reveals + ' times');
  console.log('rounds restart test passed');
} catch (e) {
  failed = true;
  console.error(e.stack || String(e));
} finally {
  for (const server of running) await stopServer(server);
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
