// SPDX-License-Identifier: MIT
// A reminder claimed and then its node killed with SIGKILL before Discord answered: it is sent after the restart,
// once (docs/reminders.md, "At least once"; docs/reliability.md, "The outbox").
// `quizbot serve` (a SQLite file, or with QUIZBOT_TEST_ENGINE=postgres a database of the tests' cluster) against a
// fake Discord API on loopback that records every request. Opening a DM channel (POST /users/@me/channels) is
// answered in the mode the test sets: hold (never answered) or ok; everything else is answered 200.
// 1. Kai answers a question in their DM and turns reminders on (QUIZBOT_REMINDER_LEASE_SECONDS=3).
// 2. The test moves Kai's history 30 days back (their answer, its memory, the session; marking their progress
//    changed) and makes their reminder due now, with the database's own client: the server's next look claims it
//    (recorded in reminder_log, written to the outbox) and asks Discord to open the DM, which Discord holds. The
//    server is killed with SIGKILL.
// 3. The server starts again on the same database, Discord answering: once the dead node's lease has run out, the
//    reminder is sent, once: one message to Kai's DM channel, nothing more in the 5 s after, still one reminder_log
//    row, the outbox empty.
// Usage: node reminder_sigkill.mjs QUIZBOT CONTENT_DIR
import { fakeDiscordApi } from './fake_api.mjs';
import { buttonsOf, click, commandInDm, discordEnv, member } from './interactions.mjs';
import {
  check, quizbotArguments, runScenario, startServer, stopServer, until,
} from '../web/quizbot_server.mjs';
import { engine, freshDatabase } from '../web/test_database.mjs';

const { quizbot, contentDir } = quizbotArguments('reminder_sigkill.mjs');
const kai = member('80351110224678940', 'Kai');
const kaiDm = '1600000000000000007'; // the DM channel Discord opens for Kai
const leaseSeconds = 3;

const isOpening = (r) => r.method === 'POST' && r.target.endsWith('/users/@me/channels');
const isReminder = (r) => r.method === 'POST' && r.target.endsWith(`/channels/${kaiDm}/messages`);
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
const thirtyDays = 30 * 24 * 3600 * 1000;

/// `sql` run with the attempts' append-only trigger lifted (migration 0004), in one transaction that puts it back:
/// the test's way to make an answer a month old.
function withAttemptsWritable(sql) {
  if (engine === 'postgres') {
    return `BEGIN; ALTER TABLE attempt DISABLE TRIGGER attempt_is_append_only; ${sql};
            ALTER TABLE attempt ENABLE TRIGGER attempt_is_append_only; COMMIT;`;
  }
  return `BEGIN; DROP TRIGGER attempt_is_append_only; ${sql};
          CREATE TRIGGER attempt_is_append_only BEFORE UPDATE ON attempt
          BEGIN SELECT RAISE(ABORT, 'attempts are append-only'); END; COMMIT;`;
}

await runScenario('quizbot-discord-reminder-sigkill-', async (scratch, running) => {
  const db = freshDatabase(scratch);
  const { server: api, state } = await fakeDiscordApi(isOpening,
    (r) => (isOpening(r) ? { id: kaiDm, type: 1 } : { id: '1400000000000000009', channel_id: kaiDm }));
  try {
    const start = () => startServer(quizbot, {
      QUIZBOT_DB: db.location,
      QUIZBOT_CONTENT: contentDir,
      QUIZBOT_PUBLIC_URL: 'https://quiz.example.org',
      QUIZBOT_REMINDER_LEASE_SECONDS: String(leaseSeconds),
      ...discordEnv(api.address().port),
    });
    const first = await start();
    running.push(first);

    // 1. An answer in the DM, then reminders on.
    const started = await commandInDm(first, kai, 'start');
    check(started.status === 200 && started.data.type === 4, 'the session starts: ' + JSON.stringify(started.data));
    const card = started.data.data;
    const choice = buttonsOf(card).find((b) => b.custom_id?.startsWith('quiz:a:'));
    check(choice, 'an answer button: ' + JSON.stringify(buttonsOf(card)));
    const answered = await click(first, kai, card, choice.custom_id, true);
    check(answered.status === 200, 'the answer is taken: ' + answered.status);
    const remind = await commandInDm(first, kai, 'remind', { switch: 'on', time: '18:00', zone: 'Europe/Paris' });
    check(remind.status === 200, 'reminders on: ' + JSON.stringify(remind.data));
    check(db.one('SELECT count(*) FROM attempt') === 1, 'the answer recorded');
    check(db.one('SELECT count(*) FROM reminder_schedule') === 1, 'the schedule recorded');

    // 2. A month later as far as Kai's history goes, and their reminder due now; Discord holds the DM's opening.
    state.mode = 'hold';
    db.query(withAttemptsWritable(`UPDATE attempt SET answered_at_ms = answered_at_ms - ${thirtyDays},
                                                      next_due_at_ms = next_due_at_ms - ${thirtyDays}`));
    db.query(`UPDATE memory SET due_at_ms = due_at_ms - ${thirtyDays},
                                last_review_at_ms = last_review_at_ms - ${thirtyDays},
                                first_answered_at_ms = first_answered_at_ms - ${thirtyDays}`);
    db.query(`UPDATE session SET started_at_ms = started_at_ms - ${thirtyDays}`);
    // Progress written by hand marks the learner's progress changed, as storage does (docs/storage.md, "Models kept
    // between actions"): the server's kept model of Kai is then read again.
    db.query('UPDATE learner SET progress_version = progress_version + 7919');
    db.query(`UPDATE reminder_schedule SET next_at_ms = ${Date.now()}`);
    await until(() => state.seen.some(isOpening), 10000, 'the reminder\'s claim and delivery').catch((e) => {
      throw new Error(`${e.message}; log:\n${first.log().split('\n').slice(-30).join('\n')}`);
    });
    check(db.one('SELECT count(*) FROM reminder_log') === 1, 'the reminder is recorded as decided');
    check(db.one('SELECT count(*) FROM outbox') === 1, 'the reminder waits in the outbox');
    await stopServer(first, 'SIGKILL');
    for (const res of state.held) res.destroy(); // never answered: the message itself never left
    state.held = [];
    check(!state.seen.some(isReminder), 'no reminder reached Kai before the kill');
    const openingsBefore = state.seen.filter(isOpening).length;

    // 3. Back, Discord answering.
    state.mode = 'ok';
    const restarted = Date.now();
    const second = await start();
    running.push(second);
    await until(() => state.seen.some(isReminder), (leaseSeconds + 20) * 1000, 'the reminder after the restart')
      .catch((e) => {
        const waiting = JSON.stringify(db.query('SELECT id, kind, attempts, next_at_ms FROM outbox'));
        throw new Error(`${e.message}: outbox ${waiting}; log:\n${second.log().split('\n').slice(-30).join('\n')}`);
      });
    await pause(5000); // more than a lease and a look: a duplicate would show by now

    const sent = state.seen.filter(isReminder);
    check(sent.length === 1, `one reminder sent, not ${sent.length}`);
    const content = JSON.parse(sent[0].body).content;
    check(/^1 review is due/.test(content), 'the reminder tells of the review due: ' + content);
    check(db.one('SELECT count(*) FROM reminder_log') === 1, 'still one reminder decided');
    check(db.one('SELECT count(*) FROM outbox') === 0, 'the outbox is empty');
    check(/reminder sent platform=discord/.test(second.log()), 'the restarted server logged the delivery');
    console.log(`discord reminder kill test passed (${engine}): ${openingsBefore} DM opening(s) held at the kill, ` +
      `the reminder sent once, ${sent[0].at - restarted} ms after the restart (lease ${leaseSeconds} s)`);
  } finally {
    api.close();
    api.closeAllConnections?.();
  }
});
