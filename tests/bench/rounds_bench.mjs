// SPDX-License-Identifier: MIT
// A study group's burst (scripts/bench-rounds, docs/benchmarks.md, "Rounds"): on a Release `quizbot serve` (fresh
// database, durable writes), 50 members answer one question of a round within one second, each a distinct member's
// first click on the question on screen. Two front ends, one run each per round of the loop:
//   discord: signed button clicks (ed25519, tweetnacl) on the round of a `/quiz group`; Discord's API is a sink on
//            loopback that records every edit of the round's message and every private follow-up;
//   web:     the playground room's answer requests, with a page waiting on the room (long polling, one request a
//            second at most, as the page does).
// Measured: every click acknowledged and every answer recorded (checked in the database afterwards), the
// acknowledgement latencies, the edits of the shared message (Discord) or the updates a waiting page received (web),
// and the time from the question's deadline (read from the database) to the reveal reaching Discord or the page.
// Beside them, the machine's ceiling: the same 50 requests, spread the same way, to a path the server does not serve.
// Usage: node rounds_bench.mjs QUIZBOT CONTENT_DIR RUNS MEMBERS
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, stopServer } from '../bot/web/quizbot_server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const nacl = createRequire(join(here, '..', 'package.json'))('tweetnacl');
const [quizbot, contentDir, runsText, membersText] = process.argv.slice(2);
const runs = Number(runsText || 5);
const members = Number(membersText || 50);
const spreadMs = 1000;
const applicationId = '1100000000000000001';

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const median = (values) => quantile(values, 0.5);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// Fires `send(i)` for i < members, spread evenly over one second; resolves with every reply.
async function burst(send) {
  const t0 = performance.now();
  return Promise.all(Array.from({ length: members }, async (_, i) => {
    await sleep(Math.max(0, t0 + (i * spreadMs) / members - performance.now()));
    return send(i);
  }));
}

async function timed(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  let data = null;
  try { data = JSON.parse(text); } catch (e) { data = null; }
  return { status: res.status, data, ms: performance.now() - started };
}

const sql = (db, query) => execFileSync('sqlite3', [db, query]).toString().trim();
const deadlineOf = (db, round) => Number(sql(db, `SELECT json_extract(state, '$.deadline') FROM group_round WHERE id = ${round}`));

// ---- Discord: a sink for its API, and signed interactions ----

const keys = nacl.sign.keyPair();
const hex = (bytes) => Buffer.from(bytes).toString('hex');
const sink = { edits: [], followUps: 0 };
const api = createServer((req, res) => {
  let body = '';
  req.on('data', (d) => { body += d; });
  req.on('end', () => {
    if (req.method === 'PATCH') sink.edits.push({ at: Date.now(), body });
    else if (req.method === 'POST') sink.followUps += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: '1400000000000000004', channel_id: '1', type: 0, content: '' }));
  });
});
await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));

let nextId = 1500000000000000000n;
function interaction(type, user, channel, extra) {
  const id = String(nextId++);
  return {
    type, id, application_id: applicationId, token: 'bench' + id, version: 1, locale: 'en-US',
    channel_id: channel, guild_id: '1200000000000000002', context: 0, guild_locale: 'en-US',
    member: { user: { id: user, username: 'm' + user, global_name: 'm' + user }, roles: [], permissions: '2147483647' },
    ...extra,
  };
}
function signed(url, body) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = nacl.sign.detached(Buffer.from(timestamp + body), keys.secretKey);
  return timed(url, { method: 'POST', body, headers: { 'content-type': 'application/json',
    'x-signature-ed25519': hex(signature), 'x-signature-timestamp': timestamp } });
}

async function discordRun(server, db, run) {
  const channel = String(1600000000000000000n + BigInt(run));
  const command = interaction(2, '1700000000000000000', channel, {
    data: { id: '1300000000000000003', name: 'quiz', type: 1, options: [{ name: 'group', type: 1, options: [
      { name: 'questions', type: 4, value: 1 }, { name: 'seconds', type: 4, value: 10 }] }] },
  });
  const opened = await signed(server.url + '/discord/interactions', JSON.stringify(command));
  const message = opened.data && opened.data.data;
  const buttons = (message ? message.components : []).flatMap((row) => row.components || []);
  const choices = buttons.filter((b) => b.custom_id.startsWith('quiz:ra:'));
  if (opened.status !== 200 || choices.length === 0) throw new Error('no round: ' + JSON.stringify(opened.data));
  const round = Number(choices[0].custom_id.split(':')[2]);
  const clicks = Array.from({ length: members }, (_, i) => JSON.stringify(interaction(3, String(1800000000000000000n + BigInt(run * 1000 + i)), channel, {
    message: { ...message, id: '1400000000000000004', type: 0 },
    data: { custom_id: choices[i % choices.length].custom_id, component_type: 2 },
  })));
  const before = sink.edits.length;
  const ceiling = await burst((i) => signed(server.url + '/discord/not-served', clicks[i]));
  const acks = await burst((i) => signed(server.url + '/discord/interactions', clicks[i]));
  const deadline = deadlineOf(db, round);
  // The host never answers: the deadline closes the question; wait for the reveal's edit.
  let reveal = null;
  for (let waited = 0; reveal === null && waited < 30000; waited += 50) {
    reveal = sink.edits.slice(before).find((e) => e.body.includes('Time is up.'));
    if (reveal === null || reveal === undefined) { reveal = null; await sleep(50); }
  }
  if (!reveal) throw new Error('no reveal edit reached Discord');
  const burstEdits = sink.edits.slice(before).filter((e) => e.at < deadline).length;
  return {
    acks: acks.map((a) => a.ms), ceiling: ceiling.map((a) => a.ms),
    refused: acks.filter((a) => a.status !== 200 || !a.data || a.data.type !== 6).length,
    recorded: Number(sql(db, `SELECT count(*) FROM attempt WHERE round_id = ${round}`)),
    updates: burstEdits, revealMs: reveal.at - deadline,
  };
}

// ---- The playground's room ----

async function webRun(server, db, run) {
  const post = (path, body) => timed(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await post('/api/rooms', { name: 'Host', questions: 1, seconds: 10, lang: 'en' });
  if (created.status !== 200) throw new Error('room: ' + JSON.stringify(created.data));
  const { round, room } = created.data;
  const learners = [];
  for (let i = 0; i < members; ++i) {
    learners.push((await post(`/api/rooms/${round}/look`, { name: `member ${run}.${i}`, room, lang: 'en' })).data.learner);
  }
  let updates = 0;
  let revealAt = null;
  let revision = created.data.screen.revision;
  const page = (async () => {
    while (revealAt === null) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/rooms/${round}/wait?room=${room}&after=${revision}`);
      const screen = await res.json();
      if (screen.revision > revision) updates += 1;
      revision = Math.max(revision, screen.revision);
      if (screen.stage === 'revealed') revealAt = Date.now();
      else await sleep(Math.max(0, 1000 - (performance.now() - started)));
    }
  })();
  const ceiling = await burst(() => post(`/bench/not-served/${round}`, { learner: 'x', room, sequence: 1, choice: 0 }));
  const acks = await burst((i) => post(`/api/rooms/${round}/answer`, { learner: learners[i], room, sequence: 1, choice: i % 4 }));
  await page;
  return {
    acks: acks.map((a) => a.ms), ceiling: ceiling.map((a) => a.ms),
    refused: acks.filter((a) => a.status !== 200 || a.data.status !== 'in').length,
    recorded: Number(sql(db, `SELECT count(*) FROM attempt WHERE round_id = ${round}`)),
    updates, revealMs: revealAt - deadlineOf(db, round),
  };
}

const scratch = mkdtempSync(join(tmpdir(), 'quizbot-rounds-bench-'));
const db = join(scratch, 'quizbot.db');
const server = await startServer(quizbot, {
  QUIZBOT_DB: db, QUIZBOT_CONTENT: contentDir, QUIZBOT_PLAYGROUND: 'on',
  QUIZBOT_NEW_LEARNERS_PER_HOUR: '0', // fifty new members a run, all from this machine
  DISCORD_PUBLIC_KEY: hex(keys.publicKey), DISCORD_APPLICATION_ID: applicationId,
  DISCORD_API_BASE: `http://127.0.0.1:${api.address().port}/api/v10`,
});
const rows = { discord: [], web: [] };
let failed = false;
try {
  console.log('run front    ack p50 ms  ack p99 ms  ceiling p50  ceiling p99  refused  recorded  updates  deadline->reveal ms');
  for (let run = 1; run <= runs; ++run) {
    const order = run % 2 ? ['discord', 'web'] : ['web', 'discord'];
    for (const front of order) {
      const r = front === 'discord' ? await discordRun(server, db, run) : await webRun(server, db, run);
      const row = { ackP50: median(r.acks), ackP99: quantile(r.acks, 0.99), ceilP50: median(r.ceiling),
        ceilP99: quantile(r.ceiling, 0.99), ...r };
      rows[front].push(row);
      console.log([run, front.padEnd(7), row.ackP50.toFixed(1), row.ackP99.toFixed(1), row.ceilP50.toFixed(1),
        row.ceilP99.toFixed(1), row.refused, `${row.recorded}/${members}`, row.updates, row.revealMs]
        .map((v, i) => (i < 2 ? String(v) : String(v).padStart(11))).join(' '));
      if (row.recorded !== members || row.refused !== 0) throw new Error('not every answer was acknowledged and recorded');
    }
  }
  for (const front of ['discord', 'web']) {
    const m = (key) => median(rows[front].map((r) => r[key]));
    console.log(`-- ${front} medians over ${runs} runs: ack p50 ${m('ackP50').toFixed(1)} ms, p99 ${m('ackP99').toFixed(1)} ms ` +
      `(ceiling p50 ${m('ceilP50').toFixed(1)} ms, p99 ${m('ceilP99').toFixed(1)} ms; p99 ${(m('ackP99') / m('ceilP99')).toFixed(1)}x); ` +
      `${m('updates')} ${front === 'discord' ? 'edits of the round message' : 'page updates'} for ${members} answers; ` +
      `deadline to reveal ${m('revealMs')} ms; every answer recorded`);
  }
  console.log(`-- ${sink.followUps} private follow-ups reached Discord (one per click, one per judged member)`);
} catch (e) {
  failed = true;
  console.error(e.stack || String(e));
} finally {
  await stopServer(server);
  api.close();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
