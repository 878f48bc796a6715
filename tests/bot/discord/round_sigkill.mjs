// SPDX-License-Identifier: MIT
// A Discord round whose node is killed with SIGKILL right after it revealed a question, while the round's edits and
// its members' private notes are in flight, then a Discord that fails for a while: the reveal still reaches the round's
// message, and each member their answer's note and judgment, once each, after the restart (docs/reliability.md,
// "The outbox").
// `quizbot serve` (a SQLite file, or with QUIZBOT_TEST_ENGINE=postgres a database of the tests' cluster) against a
// fake Discord API on loopback that records every request and answers the edits of the round's message
// (PATCH .../messages/@original) and the follow-ups (POST .../webhooks/{application}/{token}: the members' private
// notes) in the mode the test sets:
//   hold: never answered (they are in flight when the server dies),
//   500: "Internal Server Error", 429: rate limited with Retry-After: 1, ok: 200 (delivered).
// 1. Hana opens a round (the command's answer is its message); Discord then holds every edit; Ari and Bob answer
//    (the first answer's edit of the count is in flight, held; the newer states wait behind it, one edit in flight
//    per message); the deadline reveals the question; the server is killed with SIGKILL.
// 2. The server starts again on the same database (QUIZBOT_OUTBOX_LEASE_SECONDS=2); Discord answers 500 for 30 s,
//    429 for 30 s (DISCORD_FAIL_SECONDS each), then ok.
// Then: exactly one edit of the round's message is answered ok, the reveal counting both answers (the counts' edits
// coalesced into it); through each member's click token exactly two follow-ups answered ok, "Your answer is in" and
// their judgment (right or wrong as the reveal's answer says), in either order; nothing more arrives in the 4 s after;
// the restarted server revealed nothing itself; the outbox is empty.
// Usage: node round_sigkill.mjs QUIZBOT CONTENT_DIR
import { fakeDiscordApi } from './fake_api.mjs';
import {
  buttonsOf, channel, click, discordEnv, member, openRound,
} from './interactions.mjs';
import {
  check, quizbotArguments, runScenario, startServer, until,
} from '../web/quizbot_server.mjs';
import { killAndRecover, restartableEnv } from '../web/failing_platform.mjs';
import { engine, freshDatabase } from '../web/test_database.mjs';

const { quizbot, contentDir } = quizbotArguments('round_sigkill.mjs');
const seconds = 10; // the shortest question /quiz group allows
const failFor = Number(process.env.DISCORD_FAIL_SECONDS || 30); // each of 500 and 429

const isEdit = (r) => r.method === 'PATCH' && r.target.endsWith('/messages/@original');
const isFollowUp = (r) => r.method === 'POST' && r.target.startsWith('/api/v10/webhooks/') &&
  !r.target.includes('/messages/');
const contentOf = (r) => JSON.parse(r.body).content;

await runScenario('quizbot-discord-round-sigkill-', async (scratch, running) => {
  const db = freshDatabase(scratch);
  const { server: api, state } = await fakeDiscordApi((r) => isEdit(r) || isFollowUp(r),
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
    // Each member's notes, through their own click's token: the answer's and the reveal's judgment, once each.
    const notesOf = (token) => state.seen.filter((r) => isFollowUp(r) && r.mode === 'ok' &&
      r.target === `/api/v10/webhooks/1100000000000000001/${token}`).map(contentOf);
    const members = [ariClick.token, bobClick.token];
    await until(() => members.every((token) => notesOf(token).length >= 2), 60000, 'the notes after the restart');
    await new Promise((r) => setTimeout(r, 4000)); // a duplicate would show by then
    const key = /\u2705 Answer ([A-D]):/.exec(revealed);
    check(key !== null, 'the reveal names the answer: ' + revealed);
    for (const [name, token, right] of [['Ari', ariClick.token, key[1] === 'A'], ['Bob', bobClick.token, key[1] === 'B']]) {
      const notes = notesOf(token);
      check(notes.length === 2, `${name}: two notes, not ${notes.length}: ` + JSON.stringify(notes));
      check(notes.filter((n) => n.startsWith('Your answer is in: ')).length === 1, `${name}: the answer's note once`);
      const judged = notes.filter((n) => n.startsWith('**Question 1 of 2**\n'));
      check(judged.length === 1, `${name}: the judgment once: ` + JSON.stringify(notes));
      check(judged[0].includes(right ? '\u2705 Right!' : '\u274C Not quite.'), `${name}'s judgment: ` + judged[0]);
    }
    check(state.seen.some((r) => isFollowUp(r) && r.mode === 'hold'), 'notes were in flight at the kill');
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
