// SPDX-License-Identifier: MIT
// A Slack round whose node is killed with SIGKILL right after it revealed a question, while the round's edits and the
// members' private notes are in flight, then a Slack that fails for a while: the reveal still reaches the round's
// message, and each member their note, once each, after the restart (docs/reliability.md, "The outbox").
// `quizbot serve` with a bot token (a SQLite file, or with QUIZBOT_TEST_ENGINE=postgres a database of the tests'
// cluster) against a fake Slack on loopback that records every call and answers chat.update and chat.postEphemeral in
// the mode the test sets: hold (never answered), 500, 429 with Retry-After: 1, or ok. chat.postMessage posts the
// round's message in C1; users.info and response_urls are always answered ok.
// 1. Ana opens a round in C1 (chat.postMessage); Slack then holds every chat.update; Ben and Chloé answer (the first
//    answer's edit is in flight, held; newer states wait behind it); the deadline reveals the question; SIGKILL.
// 2. The server starts again on the same database (QUIZBOT_OUTBOX_LEASE_SECONDS=2); Slack answers chat.update 500
//    for 30 s, 429 for 30 s (SLACK_FAIL_SECONDS each), then ok.
// Then: exactly one chat.update is answered ok, of the round's message, the reveal counting both answers; exactly one
// chat.postEphemeral answered ok to each of Ben and Chloé, "Your answer is in"; nothing more in the 4 s after; the
// restarted server revealed nothing itself; the outbox is empty.
// Usage: node round_sigkill.mjs QUIZBOT CONTENT_DIR
import { createServer } from 'node:http';
import {
  check, quizbotArguments, runScenario, startServer, until,
} from '../web/quizbot_server.mjs';
import { answerFailing, killAndRecover, restartableEnv } from '../web/failing_platform.mjs';
import { engine, freshDatabase } from '../web/test_database.mjs';
import { clickOn, slackEnv, slashQuiz } from './requests.mjs';

const { quizbot, contentDir } = quizbotArguments('round_sigkill.mjs');
const seconds = 10; // the shortest question /quiz group allows
const failFor = Number(process.env.SLACK_FAIL_SECONDS || 30); // each of 500 and 429
const channel = 'C1';
const ts = '1700000000.000100'; // the round's message, as chat.postMessage posts it
const rateLimited = { type: 'application/json', retryAfter: '1', text: JSON.stringify({ ok: false, error: 'ratelimited' }) };

/// The fake Slack: calls recorded as { method, body, mode, at }; `held` the unanswered ones.
function fakeSlack() {
  const state = { mode: 'ok', seen: [], held: [] };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => { body += d; });
    req.on('end', () => {
      const method = req.url.replace(/^\/api\//, '');
      const mode = method === 'chat.update' || method === 'chat.postEphemeral' ? state.mode : 'ok';
      state.seen.push({ method, body, mode, at: Date.now() });
      if (answerFailing(res, mode, state.held, rateLimited)) return;
      const answers = {
        'chat.postMessage': { ok: true, channel, ts },
        'chat.update': { ok: true, channel, ts },
        'users.info': { ok: true, user: { id: 'U0', locale: 'en-US', tz: 'Europe/Paris' } },
      };
      res.writeHead(200, { 'Content-Type': method.startsWith('hooks/') ? 'text/plain' : 'application/json' });
      res.end(method.startsWith('hooks/') ? 'ok' : JSON.stringify(answers[method] || { ok: true }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, state })));
}

const isEdit = (r) => r.method === 'chat.update';
const textOf = (r) => JSON.stringify(JSON.parse(r.body).blocks || []);

await runScenario('quizbot-slack-round-sigkill-', async (scratch, running) => {
  const db = freshDatabase(scratch);
  const { server: slack, state } = await fakeSlack();
  const base = `http://127.0.0.1:${slack.address().port}`;
  try {
    const start = () => startServer(quizbot, {
      ...restartableEnv(db, contentDir),
      ...slackEnv(slack.address().port, 'xoxb-round-sigkill-test'),
    });
    const first = await start();
    running.push(first);

    // 1. The round, its answers and its reveal, every chat.update held by Slack.
    check(await slashQuiz(first, 'U1', channel, `group 2 ${seconds}`, `${base}/hooks/open`) === 200, 'the command');
    await until(() => state.seen.some((r) => r.method === 'chat.postMessage'), 10000, 'the round\'s message');
    const posted = JSON.parse(state.seen.find((r) => r.method === 'chat.postMessage').body);
    const buttons = posted.blocks.filter((b) => b.type === 'actions').flatMap((b) => b.elements);
    const choices = buttons.filter((b) => b.action_id.startsWith('round_answer_'));
    check(choices.length >= 2, 'answer buttons: ' + JSON.stringify(buttons));
    const round = choices[0].value.split(':')[0];
    await until(() => db.one(`SELECT count(*) FROM round_message WHERE round_id = ${round} AND reference <> ''`) === 1,
      10000, 'the message\'s place recorded');
    state.mode = 'hold';
    const on = { message_ts: ts, channel_id: channel };
    const answer = (user, b) => clickOn(first, user, on, { action_id: b.action_id, value: b.value },
      `${base}/hooks/click-${user}`);
    check(await answer('U2', choices[0]) === 200, 'Ben\'s click acknowledged');
    check(await answer('U3', choices[1]) === 200, 'Chloé\'s click acknowledged');

    // 2. Killed, and back while Slack fails: 500, then 429 with Retry-After, then ok.
    const { second, editsBefore, failed, delivered: ok, recovered } = await killAndRecover({
      first, round, seconds, start, running, state, isEdit, failFor, db, platform: 'Slack',
    });
    check(ok.length === 1, `one edit delivered, not ${ok.length}`);
    const edit = JSON.parse(ok[0].body);
    check(edit.channel === channel && edit.ts === ts, 'the round\'s message edited: ' + ok[0].body.slice(0, 200));
    const revealed = textOf(ok[0]);
    check(revealed.includes('Time is up') && revealed.includes('2 of 3 answered'),
      'the reveal counts both answers: ' + revealed.slice(0, 400));
    check(!/round revealed round=\d+ question=1/.test(second.log()), 'the restarted server revealed nothing itself');
    // Each member's private note, once: it was in flight (held) at the kill.
    check(state.seen.some((r) => r.method === 'chat.postEphemeral' && r.mode === 'hold'), 'notes in flight at the kill');
    const notesTo = (user) => state.seen.filter((r) => r.method === 'chat.postEphemeral' && r.mode === 'ok' &&
      JSON.parse(r.body).user === user);
    await until(() => notesTo('U2').length >= 1 && notesTo('U3').length >= 1, 60000, 'the notes after the restart');
    await new Promise((r) => setTimeout(r, 4000)); // a duplicate would show by then
    for (const user of ['U2', 'U3']) {
      const notes = notesTo(user);
      check(notes.length === 1, `one note to ${user}, not ${notes.length}`);
      const note = JSON.parse(notes[0].body);
      check(note.channel === channel && notes[0].body.includes('Your answer is in'), `${user}'s note: ` + notes[0].body);
    }
    check(db.one('SELECT count(*) FROM outbox') === 0, 'the outbox is empty');
    check(db.one(`SELECT count(*) FROM attempt WHERE round_id = ${round}`) === 2, 'both answers recorded once');
    console.log(`slack round kill test passed (${engine}): ${editsBefore} edit(s) in flight at the kill, ` +
      `${failed} tried during ${2 * failFor} s of 500/429, the reveal delivered once, ` +
      `${ok[0].at - recovered} ms after Slack recovered`);
  } finally {
    slack.close();
    slack.closeAllConnections?.();
  }
});
