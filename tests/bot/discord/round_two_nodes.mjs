// SPDX-License-Identifier: MIT
// A Discord round across two nodes: two `quizbot serve` processes on one database (a SQLite file, or with
// QUIZBOT_TEST_ENGINE=postgres a database of the tests' cluster: tests/bot/web/test_database.mjs), each with Discord
// configured against a fake Discord API of its own on loopback that records every request. A member opens a round in
// a server channel through node A; Ari answers through A, Bob through B; A is killed with SIGKILL before the question's
// deadline. The reveal (the edit of the round's message) must come once, from B, at the deadline, and count both
// answers; B tells each member privately how their answer is judged, Ari too through the token her click brought to
// A (kept with the round in the database); the scoreboard B shows when the host ends the round counts them too.
// Interactions are signed with tweetnacl (interactions.mjs), as Discord signs them.
// Usage: node round_two_nodes.mjs QUIZBOT CONTENT_DIR
import { createServer } from 'node:http';
import {
  app, buttonsOf, channel, click, discordEnv, member, openRound,
} from './interactions.mjs';
import {
  check, quizbotArguments, runScenario, startServer, stopServer, until,
} from '../web/quizbot_server.mjs';
import { engine, freshDatabase } from '../web/test_database.mjs';

const { quizbot, contentDir } = quizbotArguments('round_two_nodes.mjs');

const seconds = 10; // the shortest question /quiz group allows

/// A fake Discord API: every request recorded as { node, method, target, body, at }, each answered 200 as Discord
/// answers a webhook call.
function fakeApi(node, seen) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => { body += d; });
    req.on('end', () => {
      seen.push({ node, method: req.method, target: req.url, body, at: Date.now() });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: '1400000000000000004', channel_id: channel }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const isReveal = (r) => r.method === 'PATCH' && r.target.endsWith('/messages/@original') &&
  JSON.parse(r.body).content.includes('Time is up.');

await runScenario('quizbot-discord-two-nodes-', async (scratch, running) => {
  const db = freshDatabase(scratch);
  const seen = [];
  const apis = [await fakeApi('A', seen), await fakeApi('B', seen)];
  try {
    const start = (api) => startServer(quizbot, {
      QUIZBOT_DB: db.location,
      QUIZBOT_CONTENT: contentDir,
      QUIZBOT_PUBLIC_URL: 'https://quiz.example.org',
      ...discordEnv(api.address().port),
    });
    const a = await start(apis[0]);
    running.push(a);
    const b = await start(apis[1]);
    running.push(b);

    const hana = member('80351110224678930', 'Hana'); // the host
    const ari = member('80351110224678931', 'Ari');
    const bob = member('80351110224678932', 'Bob');

    // Hana opens a round of two questions through A: the command's answer is the round's message.
    const openedAfter = Date.now();
    const opened = await openRound(a, hana, 2, seconds);
    const openedBefore = Date.now();
    check(opened.status === 200 && opened.data.type === 4, 'the round opens: ' + JSON.stringify(opened.data));
    const q1 = opened.data.data;
    check(q1.content.startsWith('**Question 1 of 2** · Host: Hana\n'), 'question 1 is shown: ' + q1.content);
    // The deadline lies between the command's sending + 10 s and its answer + 10 s; the message names its second.
    const shownSecond = Number((/Closes <t:(\d+):R>/.exec(q1.content) || [])[1]);
    check(shownSecond > 0, 'the message names the deadline: ' + q1.content);
    const earliest = Math.max(openedAfter + seconds * 1000, shownSecond * 1000);
    const latest = openedBefore + seconds * 1000;
    const choices = buttonsOf(q1).filter((button) => button.custom_id.startsWith('quiz:ra:'));
    check(choices.length >= 2, 'answer buttons: ' + JSON.stringify(buttonsOf(q1)));
    const round = choices[0].custom_id.split(':')[2];

    // Ari answers A through node A, Bob answers B through node B; each is told privately that it is in, which the
    // server sends once the answer is stored.
    const noteTo = (token) => seen.find((r) => r.method === 'POST' && r.target === `/api/v10/webhooks/${app}/${token}`);
    const ariClick = await click(a, ari, q1, choices[0].custom_id);
    const bobClick = await click(b, bob, q1, choices[1].custom_id);
    check(ariClick.status === 200 && ariClick.data.type === 6, 'A acknowledges Ari: ' + JSON.stringify(ariClick.data));
    check(bobClick.status === 200 && bobClick.data.type === 6, 'B acknowledges Bob: ' + JSON.stringify(bobClick.data));
    await until(() => noteTo(ariClick.token) && noteTo(bobClick.token), 5000, 'both answers acknowledged');
    check(noteTo(ariClick.token).node === 'A', 'Ari is told through A');
    check(JSON.parse(noteTo(ariClick.token).body).content.startsWith('Your answer is in: A.'), 'Ari\'s answer is in');
    check(noteTo(bobClick.token).node === 'B', 'Bob is told through B');
    check(JSON.parse(noteTo(bobClick.token).body).content.startsWith('Your answer is in: B.'), 'Bob\'s answer is in');

    // The clicks' edits of the round's message are one outbox entry; a node sending it holds it for its lease
    // (QUIZBOT_OUTBOX_LEASE_SECONDS, 30 s), and a newer state waits that long if its sender dies (round_sigkill.mjs
    // covers that). This test is about the deadline, so A dies holding nothing: every click's message is delivered.
    try {
      await until(() => db.one('SELECT count(*) FROM outbox') === 0, 5000, 'the clicks\' messages delivered');
    } catch (e) {
      const waiting = JSON.stringify(db.query('SELECT id, kind, version, attempts, next_at_ms FROM outbox'));
      const sent = JSON.stringify(seen.map((r) => [r.node, r.method, r.target, r.at]));
      const tail = (node) => node.log().split('\n').slice(-25).join('\n');
      throw new Error(`${e.message} at ${Date.now()}: outbox ${waiting}; sent ${sent}\nA:\n${tail(a)}\nB:\n${tail(b)}`);
    }
    await stopServer(a, 'SIGKILL');
    check(Date.now() < earliest, 'A was killed before the deadline');
    check(!seen.some(isReveal), 'nothing was revealed before the deadline');

    // B, which had one click of the round, owns the deadline through its look in the database.
    await until(() => seen.some(isReveal), latest + 10000 - Date.now(), 'the reveal');
    const reveal = seen.find(isReveal);
    check(reveal.node === 'B', 'the reveal comes from B, not ' + reveal.node);
    check(reveal.at >= earliest, `not before the deadline (${earliest - reveal.at} ms early)`);
    check(reveal.at - latest < 2500, `at the deadline, not ${reveal.at - latest} ms after it`);
    const revealed = JSON.parse(reveal.body);
    check(revealed.content.includes('Time is up. 2 of 3 answered'), 'both answers count: ' + revealed.content);
    check(/A: 1 answer\b/.test(revealed.content) && /B: 1 answer\b/.test(revealed.content),
      'one answer for A (Ari\'s, through A) and one for B (Bob\'s, through B): ' + revealed.content);

    // Each member's judgment, from B, through their own click's token: Ari's too, whose click only A saw.
    const right = (/\u2705 Answer ([A-D]):/.exec(revealed.content) || [])[1];
    const judgmentTo = (token) => seen.find((r) => r.method === 'POST' &&
      r.target === `/api/v10/webhooks/${app}/${token}` && JSON.parse(r.body).content.startsWith('**Question 1 of 2**'));
    await until(() => judgmentTo(ariClick.token) && judgmentTo(bobClick.token), 5000, 'both judgments');
    for (const [name, token, letter] of [['Ari', ariClick.token, 'A'], ['Bob', bobClick.token, 'B']]) {
      const judged = judgmentTo(token);
      check(judged.node === 'B', `${name} is judged through B, not ${judged.node}`);
      const text = JSON.parse(judged.body).content;
      check(text.includes(right === letter ? '\u2705 Right!' : '\u274C Not quite.'), `${name}'s judgment: ${text}`);
    }

    // Hana ends the round through B: the scoreboard counts each member's answer.
    const end = buttonsOf(revealed).find((button) => button.custom_id === `quiz:re:${round}:1`);
    check(end, 'an End button on the reveal: ' + JSON.stringify(buttonsOf(revealed)));
    const ended = await click(b, hana, revealed, end.custom_id);
    check(ended.status === 200, 'B takes the host\'s click');
    const isBoard = (r) => r.method === 'PATCH' && JSON.parse(r.body).content.includes('**Round over**');
    await until(() => seen.some(isBoard), 5000, 'the scoreboard');
    const board = JSON.parse(seen.find(isBoard).body).content;
    check(/Ari: [01] of 1 \(/.test(board), 'Ari\'s answer on the scoreboard: ' + board);
    check(/Bob: [01] of 1 \(/.test(board), 'Bob\'s answer on the scoreboard: ' + board);

    await new Promise((r) => setTimeout(r, 1500)); // another look or two of B's
    check(seen.filter(isReveal).length === 1, 'revealed exactly once');
    for (const token of [ariClick.token, bobClick.token]) {
      check(seen.filter((r) => r.method === 'POST' && r.target === `/api/v10/webhooks/${app}/${token}`).length === 2,
        'each member got two notes: their answer\'s and its judgment');
    }
    check((b.log().match(new RegExp(`round revealed round=${round} question=1 by=timer`, 'g')) || []).length === 1,
      'B logs one reveal by its timer');
    check(db.one(`SELECT count(*) FROM attempt WHERE round_id = ${round}`) === 2, 'both answers recorded once');
    console.log(`discord two nodes test passed (${engine}): revealed by B ${reveal.at - latest} to ${reveal.at - earliest} ms after the deadline`);
  } finally {
    for (const api of apis) api.close();
  }
});
