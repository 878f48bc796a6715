// SPDX-License-Identifier: MIT
// Two nodes, one database: 200 playground learners answer through nodes A and B at random, and half of their answers
// are double clicks whose two requests reach both nodes at the same moment. Each answer must be recorded exactly once
// (one "accepted" and one "replayed" per double click, counted again in the database), and every learner's memory of
// each question must count exactly the attempts the log holds: two nodes interleaving one learner's units would lose
// an update there. Runs on SQLite (two processes on one file) and on PostgreSQL (test_database.mjs).
// Usage: node two_nodes_learners.mjs QUIZBOT CONTENT_DIR
import { call, check, quizbotArguments, runScenario, startServer } from './quizbot_server.mjs';
import { engine, freshDatabase } from './test_database.mjs';

const { quizbot, contentDir } = quizbotArguments('two_nodes_learners.mjs');
const LEARNERS = 200;
const ANSWERS = 4;
const AT_ONCE = 25;

await runScenario('quizbot-two-nodes-learners-', async (scratch, running) => {
  const db = freshDatabase(scratch);
  const env = {
    QUIZBOT_DB: db.location, QUIZBOT_CONTENT: contentDir, QUIZBOT_PLAYGROUND: 'on',
    QUIZBOT_NEW_LEARNERS_PER_HOUR: '0', QUIZBOT_EXPIRE_ANONYMOUS_DAYS: '0',
  };
  const nodes = [await startServer(quizbot, env)];
  running.push(nodes[0]);
  nodes.push(await startServer(quizbot, env));
  running.push(nodes[1]);
  const anyNode = () => nodes[Math.floor(Math.random() * 2)];

  let recorded = 0;
  let doubleClicks = 0;
  const learner = async () => {
    const started = await call(anyNode(), 'POST', '/api/play/session', {});
    check(started.status === 200, 'a session starts: ' + JSON.stringify(started.data));
    const { learner: token, session } = started.data;
    let card = started.data.card;
    for (let i = 0; i < ANSWERS && card; i += 1) {
      const body = { learner: token, session, sequence: card.sequence, choice: Math.floor(Math.random() * card.choices.length) };
      let replies;
      if (Math.random() < 0.5) {
        doubleClicks += 1;
        replies = await Promise.all(nodes.map((node) => call(node, 'POST', '/api/play/answer', body)));
      } else {
        replies = [await call(anyNode(), 'POST', '/api/play/answer', body)];
      }
      for (const r of replies) check(r.status === 200, `answered (${r.status}): ` + JSON.stringify(r.data));
      const accepted = replies.filter((r) => r.data.status === 'accepted');
      check(accepted.length === 1, 'one reply records the answer, the other replays it: '
        + replies.map((r) => r.data.status).join(','));
      check(replies.every((r) => r.data.feedback.correct === accepted[0].data.feedback.correct
        && r.data.feedback.verdict === accepted[0].data.feedback.verdict), 'a replay tells what was recorded');
      recorded += 1;
      card = accepted[0].data.card;
    }
  };
  const queue = Array.from({ length: LEARNERS }, () => learner);
  await Promise.all(Array.from({ length: AT_ONCE }, async () => {
    while (queue.length > 0) await queue.pop()();
  }));
  check(doubleClicks > LEARNERS, `double clicks were sent (${doubleClicks})`);

  check(db.one('SELECT count(*) FROM attempt') === recorded, `every answer recorded once (${recorded})`);
  check(db.one('SELECT count(DISTINCT learner_id) FROM attempt') === LEARNERS, 'by every learner');
  const drifted = db.one(`SELECT count(*) FROM memory m WHERE m.attempts <> (
      SELECT count(*) FROM attempt a JOIN question_version v ON v.id = a.question_version_id
      WHERE a.learner_id = m.learner_id AND v.question_id = m.question_id)
    OR m.wrong <> (
      SELECT count(*) FROM attempt a JOIN question_version v ON v.id = a.question_version_id
      WHERE a.learner_id = m.learner_id AND v.question_id = m.question_id AND a.correct = 0)`);
  check(drifted === 0, `every memory counts its attempts (${drifted} do not)`);
  check(db.one('SELECT count(*) FROM memory') > 0, 'memories were written');
  console.log(`two nodes, ${LEARNERS} learners: ${recorded} answers, ${doubleClicks} double clicks, each once (${engine})`);
});
