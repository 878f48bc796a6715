// SPDX-License-Identifier: MIT
// A burst of Slack clicks, the server killed with SIGKILL while their updates are in flight, then a Slack that fails
// for a minute: every acknowledged click's update still arrives, once (docs/reliability.md, "The outbox").
// `quizbot serve` (a SQLite file, or with QUIZBOT_TEST_ENGINE=postgres a database of the tests' cluster) against a
// fake Slack on loopback whose response_urls record every request, and answer in the mode the test sets:
//   hold: never answered (the updates of the burst are in flight when the server dies),
//   500: "Internal Server Error", 429: rate limited with Retry-After: 2, ok: 200 "ok" (delivered).
// 1. 30 learners start a session (their first card arrives, delivered).
// 2. Slack holds its answers; each learner clicks answer A once: all acknowledged (200); the server is killed with
//    SIGKILL once the first updates have reached Slack unanswered.
// 3. The server starts again on the same database (QUIZBOT_OUTBOX_LEASE_SECONDS=2); Slack answers 500 for 30 s, then
//    429 for 30 s, then ok.
// Then: every click's response_url got exactly one answered-ok update, the feedback for that learner's answer; the
// database holds 30 answers and an empty outbox.
// Usage: node burst_sigkill.mjs QUIZBOT CONTENT_DIR
import { createServer } from 'node:http';
import {
  check, quizbotArguments, runScenario, startServer, stopServer, until,
} from '../web/quizbot_server.mjs';
import { answerFailing, restartableEnv } from '../web/failing_platform.mjs';
import { engine, freshDatabase } from '../web/test_database.mjs';
import { clickOn, slackEnv, slashQuiz } from './requests.mjs';

const { quizbot, contentDir } = quizbotArguments('burst_sigkill.mjs');
const learners = 30;
const failFor = Number(process.env.SLACK_FAIL_SECONDS || 30); // each of 500 and 429

/// A fake Slack: response_urls under /hooks/NAME, recorded as { name, mode, body }; `delivered[name]` counts the ones
/// answered ok. users.info is not called (no bot token).
function fakeSlack() {
  const state = { mode: 'ok', seen: [], delivered: new Map(), bodies: new Map(), held: [] };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => { body += d; });
    req.on('end', () => {
      const name = req.url.replace(/^\/hooks\//, '');
      const mode = state.mode;
      state.seen.push({ name, mode });
      if (answerFailing(res, mode, state.held, { type: 'text/plain', retryAfter: '2', text: 'rate_limited' })) return;
      state.delivered.set(name, (state.delivered.get(name) || 0) + 1);
      state.bodies.set(name, JSON.parse(body));
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('ok');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, state })));
}

const command = (node, user, hook) => slashQuiz(node, user, 'D' + user, 'start', hook);
const click = (node, user, value, hook) => clickOn(node, user, { message_ts: '1.2', channel_id: 'D' + user },
  { action_id: 'answer_A', value }, hook);

await runScenario('quizbot-slack-burst-', async (scratch, running) => {
  const db = freshDatabase(scratch);
  const { server: slack, state } = await fakeSlack();
  const hooks = `http://127.0.0.1:${slack.address().port}/hooks/`;
  try {
    const start = () => startServer(quizbot, {
      ...restartableEnv(db, contentDir),
      ...slackEnv(slack.address().port),
    });
    const first = await start();
    running.push(first);
    const users = Array.from({ length: learners }, (_, i) => `U${100 + i}`);

    // 1. Every learner's first card.
    for (const user of users) check(await command(first, user, hooks + 'start-' + user) === 200, 'start acknowledged');
    await until(() => users.every((u) => state.delivered.has('start-' + u)), 20000, 'the first cards');
    const cards = new Map(users.map((u) => {
      const buttons = state.bodies.get('start-' + u).blocks.filter((b) => b.type === 'actions').flatMap((b) => b.elements);
      const a = buttons.find((b) => b.action_id === 'answer_A');
      check(a, `${u}: an answer button on the first card`);
      return [u, a.value];
    }));

    // 2. The burst, while Slack answers nothing; the server dies with updates in flight.
    state.mode = 'hold';
    const acked = [];
    await Promise.all(users.map(async (u) => {
      if (await click(first, u, cards.get(u), hooks + 'click-' + u) === 200) acked.push(u);
    }));
    check(acked.length === learners, `every click acknowledged (${acked.length} of ${learners})`);
    await until(() => state.held.length >= 1, 10000, 'the first update in flight');
    await stopServer(first, 'SIGKILL');
    const inFlight = new Set(state.seen.filter((s) => s.name.startsWith('click-')).map((s) => s.name)).size;
    for (const res of state.held) res.destroy(); // never answered: not delivered
    state.held = [];

    // 3. Back, while Slack fails for a minute: 500, then 429 with Retry-After.
    state.mode = '500';
    const restarted = Date.now();
    const second = await start();
    running.push(second);
    await new Promise((r) => setTimeout(r, failFor * 1000));
    state.mode = '429';
    await new Promise((r) => setTimeout(r, failFor * 1000));
    const failedCalls = state.seen.filter((s) => s.mode === '500' || s.mode === '429').length;
    check(failedCalls > 0, 'Slack was called while it failed');
    check(users.every((u) => !state.delivered.has('click-' + u)), 'nothing delivered while Slack failed');
    state.mode = 'ok';
    const recovered = Date.now();
    await until(() => users.every((u) => state.delivered.has('click-' + u)), 60000, 'every update after the failures')
      .catch((e) => { // what was sent, what waits, and what the server said
        const missing = users.filter((u) => !state.delivered.has('click-' + u)).length;
        const calls = state.seen.filter((x) => x.name.startsWith('click-')).map((x) => x.name + ':' + x.mode);
        const waiting = JSON.stringify(db.query('SELECT id, attempts, next_at_ms FROM outbox'));
        const log = second.log().split('\n').slice(-40).join('\n');
        throw new Error(`${e.message}: ${missing} missing; calls ${calls.join(' ')}; outbox ${waiting}; log:\n${log}`);
      });
    const lastArrival = Date.now() - recovered;
    await new Promise((r) => setTimeout(r, 4000)); // more than a lease and a look: a duplicate would show by now

    for (const u of users) {
      check(state.delivered.get('click-' + u) === 1, `${u}: one update delivered, not ${state.delivered.get('click-' + u)}`);
      const text = JSON.stringify(state.bodies.get('click-' + u));
      check(text.includes('The answer is'), `${u}: the update is the answer's feedback: ${text.slice(0, 200)}`);
      check(state.bodies.get('click-' + u).replace_original === true, `${u}: it replaces the card`);
    }
    check(db.one('SELECT count(*) FROM attempt') === learners, 'each click recorded one answer');
    check(db.one('SELECT count(*) FROM outbox') === 0, 'the outbox is empty');
    const metrics = await (await fetch(second.url + '/metrics')).text();
    check(metrics.includes(`quizbot_outbox_total{kind="slack.response",outcome="delivered"} ${learners}\n`),
      'the restarted server counts its deliveries: ' + metrics.split('\n').filter((l) => l.includes('outbox')).join(' | '));
    console.log(`slack burst test passed (${engine}): ${learners} clicks acknowledged, ${inFlight} updates in ` +
      `flight at the kill, ${failedCalls} calls refused during ${Math.round((recovered - restarted) / 1000)} s of ` +
      `500/429, every update delivered once within ${lastArrival} ms of recovery`);
  } finally {
    slack.close();
    slack.closeAllConnections?.();
  }
});
