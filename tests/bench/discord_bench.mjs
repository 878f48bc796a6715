// SPDX-License-Identifier: MIT
// Helpers for scripts/bench-discord (docs/benchmarks.md, "Discord button clicks").
//   node discord_bench.mjs key --seed HEX
//     prints the Ed25519 public key (hex) of the 32-byte seed, for DISCORD_PUBLIC_KEY.
//   node discord_bench.mjs setup --quizbot URL --seed HEX --learners N --first F --pack KEY --out FILE
//     starts a session by DM for learners F .. F+N-1 with `/quiz start` (signed, through the real endpoint), then
//     writes every click of their whole sessions, signed now, one per line for wrk (tests/bench/signed_clicks.lua):
//     round r is every learner answering A on card r, then every learner pressing Next. Each click is a distinct
//     interaction (its own id and token) carrying the message it was clicked on, as Discord sends it.
//   node discord_bench.mjs baseline --port P --seed HEX
//     the official `discord-interactions` middleware on express: verifies each request and answers a fixed reply.
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', 'package.json'));
const [command, ...rest] = process.argv.slice(2);
const args = Object.fromEntries(
  rest.reduce((pairs, word, i, all) => (i % 2 === 0 ? [...pairs, [word.replace(/^--/, ''), all[i + 1]]] : pairs), []),
);
const applicationId = '1100000000000000001';
const sessionLength = 10; // tutor_config::session_length: answers per session

// PKCS#8 for an Ed25519 seed: a fixed prefix, then the 32 bytes (RFC 8410).
const privateKey = () => createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(args.seed, 'hex')]),
  format: 'der', type: 'pkcs8',
});
const publicHex = () => createPublicKey(privateKey()).export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');

const signature = (key, timestamp, body) => sign(null, Buffer.from(timestamp + body), key).toString('hex');
const signedLine = (key, kind, body, timestamp) => `${kind}\t${timestamp}\t${signature(key, timestamp, body)}\t${body}`;

let nextId = 0n;
function interaction(type, learner, extra) {
  const id = String(1500000000000000000n + BigInt(args.first) * 100n + nextId++);
  const user = String(1800000000000000000n + BigInt(learner));
  return {
    type, id, application_id: applicationId, token: 'aW50ZXJhY3Rpb246' + id, version: 1, locale: 'en-US',
    channel_id: String(1900000000000000000n + BigInt(learner)), context: 1,
    channel: { id: String(1900000000000000000n + BigInt(learner)), type: 1 },
    user: { id: user, username: 'l' + learner, global_name: 'Learner ' + learner, discriminator: '0', avatar: null },
    authorizing_integration_owners: { 1: user }, entitlements: [], app_permissions: '562949953601536',
    attachment_size_limit: 10485760,
    ...extra,
  };
}

async function setup() {
  const key = privateKey();
  const learners = Number(args.learners);
  const first = Number(args.first);
  const cards = [];
  const batch = 50;
  for (let i = 0; i < learners; i += batch) {
    cards.push(...await Promise.all(Array.from({ length: Math.min(batch, learners - i) }, async (_, j) => {
      const learner = first + i + j;
      const body = JSON.stringify(interaction(2, learner, {
        data: { id: '1300000000000000003', name: 'quiz', type: 1, options: [{ name: 'start', type: 1, options: [] }] },
      }));
      const ts = String(Math.floor(Date.now() / 1000));
      const res = await fetch(`${args.quizbot}/discord/interactions`, {
        method: 'POST', body,
        headers: { 'content-type': 'application/json', 'x-signature-timestamp': ts,
          'x-signature-ed25519': signature(key, ts, body) },
      });
      const reply = await res.json();
      const buttons = (reply.data?.components || []).flatMap((row) => row.components || []);
      const a = buttons.find((b) => /^quiz:a:\d+:\d+:0$/.test(b.custom_id || ''));
      if (res.status !== 200 || !a) throw new Error(`learner ${learner}: no card in ${JSON.stringify(reply).slice(0, 300)}`);
      const [, , session, sequence] = a.custom_id.split(':');
      return { learner, session, sequence: Number(sequence), message: reply.data };
    })));
  }
  const pack = args.pack;
  const ts = String(Math.floor(Date.now() / 1000));
  const lines = [];
  for (let r = 0; r < sessionLength; r++) {
    for (const c of cards) {
      const message = { ...c.message, id: String(1400000000000000000n + BigInt(c.learner)), type: 0,
        channel_id: String(1900000000000000000n + BigInt(c.learner)), author: { id: applicationId, username: 'quizbot', bot: true },
        timestamp: new Date().toISOString(), edited_timestamp: null, flags: 0, pinned: false, tts: false,
        mention_everyone: false, mentions: [], mention_roles: [], attachments: [] };
      const answer = interaction(3, c.learner, { message,
        data: { custom_id: `quiz:a:${c.session}:${c.sequence + r}:0`, component_type: 2 } });
      lines.push(signedLine(key, 'a', JSON.stringify(answer), ts));
    }
    for (const c of cards) {
      const next = interaction(3, c.learner, {
        message: { ...c.message, id: String(1400000000000000000n + BigInt(c.learner)), type: 0 },
        data: { custom_id: `quiz:n:${c.session}:${pack}`, component_type: 2 } });
      lines.push(signedLine(key, 'n', JSON.stringify(next), ts));
    }
  }
  writeFileSync(args.out, lines.join('\n') + '\n');
  const bytes = lines.reduce((sum, l) => sum + l.length, 0) / lines.length;
  console.log(`clicks ${lines.length} answers ${lines.length / 2} mean_line_bytes ${bytes.toFixed(0)}`);
}

async function baseline() {
  const express = require('express');
  const { verifyKeyMiddleware, InteractionResponseType } = require('discord-interactions');
  const app = express();
  app.post('/discord/interactions', verifyKeyMiddleware(publicHex()), (req, res) => {
    res.json({ type: InteractionResponseType.UPDATE_MESSAGE, data: { content: 'Recorded.' } });
  });
  app.listen(Number(args.port), '127.0.0.1', () => {
    console.log(`listening ${args.port} discord-interactions ${require('discord-interactions/package.json').version}` +
      ` on express ${require('express/package.json').version}`);
  });
}

if (command === 'key') console.log(publicHex());
else if (command === 'setup') await setup();
else if (command === 'baseline') await baseline();
else {
  console.error('usage: node discord_bench.mjs key|setup|baseline ...');
  process.exit(2);
}
