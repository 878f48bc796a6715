// SPDX-License-Identifier: MIT
// A Discord round whose node is killed with SIGKILL right after it revealed a question, while the round's edits are in
// flight, then a Discord that fails for a while: the reveal still reaches the round's message, once, after the
// restart (docs/reliability.md, "The outbox").
// `quizbot serve` (a SQLite file, or with QUIZBOT_TEST_ENGINE=postgres a database of the tests' cluster) against a
// fake Discord API on loopback that records every request and answers the edits of the round's message
// (PATCH .../messages/@original) in the mode the test sets:
//   hold: never answered (the edits are in flight when the server dies),
//   500: "Internal Server Error", 429: rate limited with Retry-After: 1, ok: 200 (delivered).
// Follow-ups (the members' private notes) are always answered 200.
// 1. Hana opens a round (the command's answer is its message); Discord then holds every edit; Ari and Bob answer
//    (the first answer's edit of the count is in flight, held; the newer states wait behind it, one edit in flight
//    per message); the deadline reveals the question; the server is killed with SIGKILL.
// 2. The server starts again on the same database (QUIZBOT_OUTBOX_LEASE_SECONDS=2); Discord answers 500 for 30 s,
//    429 for 30 s (DISCORD_FAIL_SECONDS each), then ok.
// Then: exactly one edit of the round's message is answered ok, the reveal counting both answers (the counts' edits
// coalesced into it); nothing more arrives in the 4 s after; the restarted server revealed nothing itself; the
// outbox is empty.
// Usage: node round_sigkill.mjs QUIZBOT CONTENT_DIR
import { fakeDiscordApi } from './fake_api.mjs';
import {
  buttonsOf, channel, click, discordEnv, member, openRound,
} from './interactions.mjs';
import {
  check, quizbotArguments, runScenario, startServer,
} from '../web/quizbot_server.mjs';
import { killAndRecover, restartableEnv } from '../web/failing_platform.mjs';
import { engine, freshDatabase } from '../web/test_database.mjs';

const { quizbot, contentDir } = quizbotArguments('round_sigkill.mjs');
const seconds = 10; // the shortest question /quiz group allows
const failFor = Number(process.env.DISCORD_FAIL_SECONDS || 30); // each of 500 and 429

const isEdit = (r) => r.method === 'PATCH' && r.target.endsWith('/messages/@original');
const contentOf = (r) => JSON.parse(r.body).content;

await runScenario('quizbot-discord-round-sigkill-', async (scratch, running) => {
  const db = freshDatabase(scratch);
  const { server: api, state } = await fakeDiscordApi(isEdit,
    () => ({ id: '1400000000000000004', channel_id: channel }));
  try {
    const start = () => startServer(quizbot, {
      ...restartableEnv(db, contentDir),
      ...discordEnv(api.address().port),
    });
    const first = await start();
    running.push(first);
    const hana = member('80351110224678930', 'Hana');
    const ari = member('80351110224678931', 'Ari');
    const bob = member('80351110224678932', 'Bob');

    // 1. The round, its answers and its reveal, every edit held by Discord.
    const opened = await openRound(first, hana, 2, seconds);
    check(opened.status === 200 && opened.data.type === 4, 'the round opens: ' + JSON.stringify(opened.data));
    const q1 = opened.data.data;
    const choices = buttonsOf(q1).filter((button) => button.custom_id.startsWith('quiz:ra:'));
    check(choices.length >= 2, 'answer buttons: ' + JSON.stringify(buttonsOf(q1)));
    const round = choices[0].custom_id.split(':')[2];
    state.mode = 'hold';
    const ariClick = await click(first, ari, q1, choices[0].custom_id);
    const bobClick = await click(first, bob, q1, choices[1].custom_id);
    check(ariClick.status === 200 && ariClick.data.type === 6, 'Ari\'s click acknowledged');
    check(bobClick.status === 200 && bobClick.data.type === 6, 'Bob\'s click acknowledged');

    // 2. Killed, and back while Discord fails: 500, then 429 with Retry-After, then ok.
    const { second, editsBefore, failed, delivered: ok, recovered } = await killAndRecover({
      first, round, seconds, start, running, state, isEdit, failFor, db, platform: 'Discord',
    });
    check(ok.length === 1, `one edit delivered, not ${ok.length}: ` + ok.map(contentOf).join(' || '));
    const revealed = contentOf(ok[0]);
    check(revealed.includes('Time is up. 2 of 3 answered'), 'the reveal counts both answers: ' + revealed);
    check(ok[0].target === `/api/v10/webhooks/1100000000000000001/${bobClick.token}/messages/@original`,
      'sent with the round\'s freshest token (Bob\'s click): ' + ok[0].target);
    check(!/round revealed round=\d+ question=1/.test(second.log()), 'the restarted server revealed nothing itself');
    check(db.one('SELECT count(*) FROM outbox') === 0, 'the outbox is empty');
    check(db.one(`SELECT count(*) FROM attempt WHERE round_id = ${round}`) === 2, 'both answers recorded once');
    console.log(`discord round kill test passed (${engine}): ${editsBefore} edits in flight at the kill, ` +
      `${failed} tried during ${2 * failFor} s of 500/429, the reveal delivered once, ` +
      `${ok[0].at - recovered} ms after Discord recovered`);
  } finally {
    api.close();
    api.closeAllConnections?.();
  }
});
