// SPDX-License-Identifier: MIT
// Slack request signatures: quizbot's verifier against @slack/bolt's (tests/package.json), on a set of valid and
// tampered requests signed here with Node's crypto. quizbot runs as `quizbot serve`; its verdict is the HTTP status
// of a signed url_verification (200 accepted, 401 refused). Bolt's is isValidSlackRequest, called as Bolt's own HTTP
// receiver calls it (the timestamp header through Number()).
// Every case must get the same verdict from both, except the documented differences (docs/slack.md), where Bolt
// accepts and quizbot refuses: timestamps more than 5 minutes ahead, timestamps spelt other than as plain decimal
// (Bolt reads them through Number()), and text after a second '=' in the signature (Bolt splits on '=').
//   node bolt_crosscheck.mjs --quizbot <path> --content <dir> --work <dir>
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', '..', 'package.json'));
const { isValidSlackRequest } = require('@slack/bolt');
const boltVersion = require('@slack/bolt/package.json').version;

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, word, i, all) => (i % 2 === 0 ? [...pairs, [word.replace(/^--/, ''), all[i + 1]]] : pairs), []),
);
if (!args.quizbot || !args.content || !args.work) {
  console.error('usage: node bolt_crosscheck.mjs --quizbot <path> --content <dir> --work <dir>');
  process.exit(2);
}

const secret = 'crosscheck-signing-secret-5d1e';
const sign = (key, ts, body) => 'v0=' + createHmac('sha256', key).update(`v0:${ts}:${body}`).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

// Each case: headers and body as sent, and whether the difference is documented.
function cases() {
  const body = JSON.stringify({ token: 'x', challenge: 'c-123', type: 'url_verification' });
  const other = JSON.stringify({ token: 'x', challenge: 'c-456', type: 'url_verification' });
  const now = nowSeconds();
  const ts = String(now);
  const good = sign(secret, ts, body);
  const flip = (s, i) => s.slice(0, i) + (s[i] === '0' ? '1' : '0') + s.slice(i + 1);
  const list = [
    { name: 'valid', ts, sig: good, body },
    { name: 'valid, other body', ts, sig: sign(secret, ts, other), body: other },
    { name: 'valid, 4 min old', ts: String(now - 240), sig: sign(secret, String(now - 240), body), body },
    { name: 'valid, 1 min ahead', ts: String(now + 60), sig: sign(secret, String(now + 60), body), body },
    { name: 'stale, 6 min old', ts: String(now - 360), sig: sign(secret, String(now - 360), body), body },
    { name: 'stale, 1 h old', ts: String(now - 3600), sig: sign(secret, String(now - 3600), body), body },
    { name: 'stale, 1 day old', ts: String(now - 86400), sig: sign(secret, String(now - 86400), body), body },
    { name: 'zero timestamp', ts: '0', sig: sign(secret, '0', body), body },
    { name: 'future, 6 min ahead', ts: String(now + 360), sig: sign(secret, String(now + 360), body), body, documented: 'future' },
    { name: 'future, 1 day ahead', ts: String(now + 86400), sig: sign(secret, String(now + 86400), body), body, documented: 'future' },
    { name: 'body: one byte more', ts, sig: good, body: body + ' ' },
    { name: 'body: other challenge', ts, sig: good, body: other },
    { name: 'body: truncated', ts, sig: good, body: body.slice(0, -2) + '}' },
    { name: 'body: whitespace changed', ts, sig: good, body: body.replace(':', ': ') },
    { name: 'signature: first hex digit flipped', ts, sig: flip(good, 3), body },
    { name: 'signature: last hex digit flipped', ts, sig: flip(good, good.length - 1), body },
    { name: 'signature: uppercase hex', ts, sig: 'v0=' + good.slice(3).toUpperCase(), body },
    { name: 'signature: version v1', ts, sig: 'v1=' + good.slice(3), body },
    { name: 'signature: no version', ts, sig: good.slice(3), body },
    { name: 'signature: truncated', ts, sig: good.slice(0, -1), body },
    { name: 'signature: one digit more', ts, sig: good + '0', body },
    { name: 'signature: empty hash', ts, sig: 'v0=', body },
    { name: 'signature: extra =', ts, sig: good + '=x', body, documented: 'suffix' },
    { name: 'signature: wrong secret', ts, sig: sign(secret + 'x', ts, body), body },
    { name: 'signature: empty secret', ts, sig: sign('', ts, body), body },
    { name: 'signature: other timestamp', ts, sig: sign(secret, String(now - 1), body), body },
    { name: 'signature: base string without version', ts, sig: 'v0=' + createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex'), body },
    { name: 'signature: sha1', ts, sig: 'v0=' + createHmac('sha1', secret).update(`v0:${ts}:${body}`).digest('hex'), body },
    { name: 'timestamp: other than signed', ts: String(now - 1), sig: good, body },
    { name: 'timestamp: not a number', ts: 'abc', sig: sign(secret, 'abc', body), body },
    { name: 'timestamp: leading zero', ts: '0' + ts, sig: sign(secret, '0' + ts, body), body },
    { name: 'timestamp: leading zero, signed canonical', ts: '0' + ts, sig: good, body, documented: 'spelling' },
    { name: 'timestamp: fraction, signed canonical', ts: ts + '.0', sig: good, body, documented: 'spelling' },
    { name: 'timestamp: fraction', ts: ts + '.5', sig: sign(secret, ts + '.5', body), body, documented: 'spelling' },
    { name: 'timestamp: negative', ts: '-' + ts, sig: sign(secret, '-' + ts, body), body },
    { name: 'headers: no signature', ts, sig: undefined, body },
    { name: 'headers: no timestamp', ts: undefined, sig: good, body },
  ];
  return list;
}

function startQuizbot() {
  const work = args.work;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const child = spawn(args.quizbot, ['serve'], {
    env: {
      ...process.env,
      QUIZBOT_LISTEN: '127.0.0.1:0',
      QUIZBOT_DB: join(work, 'quizbot.db'),
      QUIZBOT_CONTENT: args.content,
      QUIZBOT_THREADS: '1',
      SLACK_SIGNING_SECRET: secret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d) => { errors += d; });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[^\s]+)/);
      if (m) resolve({ child, url: new URL(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`quizbot exited with ${code}: ${errors}`)));
  });
}

function post(url, c) {
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(c.body) };
  if (c.ts !== undefined) headers['x-slack-request-timestamp'] = c.ts;
  if (c.sig !== undefined) headers['x-slack-signature'] = c.sig;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: '/slack/events', method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
    });
    req.on('error', reject);
    req.end(c.body);
  });
}

function bolt(c) {
  if (c.sig === undefined || c.ts === undefined) return false; // Bolt's receiver refuses before calling it
  return isValidSlackRequest({
    signingSecret: secret,
    body: c.body,
    headers: { 'x-slack-signature': c.sig, 'x-slack-request-timestamp': Number(c.ts) },
  });
}

const { child, url } = await startQuizbot();
let failures = 0;
let agreed = 0;
let documented = 0;
try {
  for (const c of cases()) {
    const reply = await post(url, c);
    const ours = reply.status === 200;
    if (reply.status !== 200 && reply.status !== 401) {
      console.error(`FAIL ${c.name}: quizbot answered ${reply.status}`);
      failures++;
      continue;
    }
    if (ours && reply.body !== JSON.stringify({ challenge: JSON.parse(c.body).challenge })) {
      console.error(`FAIL ${c.name}: accepted but answered ${reply.body}`);
      failures++;
    }
    const theirs = bolt(c);
    if (c.documented) {
      // The documented differences: Bolt accepts, quizbot refuses.
      if (!theirs || ours) {
        console.error(`FAIL ${c.name}: expected Bolt to accept and quizbot to refuse, got bolt=${theirs} quizbot=${ours}`);
        failures++;
      } else {
        documented++;
      }
    } else if (ours !== theirs) {
      console.error(`FAIL ${c.name}: bolt=${theirs} quizbot=${ours}`);
      failures++;
    } else {
      agreed++;
    }
  }
} finally {
  child.kill('SIGTERM');
}
const accepted = cases().filter((c) => !c.documented && c.name.startsWith('valid')).length;
console.log(`@slack/bolt ${boltVersion}: ${agreed} cases agree (${accepted} accepted by both), ${documented} documented differences, ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
