// SPDX-License-Identifier: MIT
// Helpers for scripts/bench-slack.
//   node slack_bench.mjs setup --quizbot URL --sink URL --secret S --learners N --first F --out FILE
//     starts a session for learners F .. F+N-1 with /quiz start (its card arrives at the sink), then writes every
//     click of their whole sessions, signed now, one per line for wrk (tests/bench/signed_clicks.lua): round r is
//     every learner answering A on card r, then every learner pressing Next. Each click is sent once.
//   node slack_bench.mjs bolt --port P --secret S
//     a minimal @slack/bolt app (tests/node_modules) whose HTTPReceiver verifies and acknowledges block_actions.
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [command, ...rest] = process.argv.slice(2);
const args = Object.fromEntries(
  rest.reduce((pairs, word, i, all) => (i % 2 === 0 ? [...pairs, [word.replace(/^--/, ''), all[i + 1]]] : pairs), []),
);

const sessionLength = 10; // tutor_config::session_length: answers per session
const hmac = (ts, body) => createHmac('sha256', args.secret).update(`v0:${ts}:${body}`).digest('hex');
const sign = (ts, body) => 'v0=' + hmac(ts, body);
const form = (fields) => Object.entries(fields).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

async function post(url, body) {
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': ts, 'x-slack-signature': sign(ts, body) },
    body,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
}

function click(user, actionId, value, hook) {
  const payload = {
    type: 'block_actions',
    team: { id: 'T1', domain: 'bench' },
    user: { id: user, username: user, team_id: 'T1' },
    api_app_id: 'A1',
    token: 'x',
    container: { type: 'message', message_ts: '1.2', channel_id: 'C1', is_ephemeral: true },
    trigger_id: '1.2.3',
    channel: { id: 'C1', name: 'bench' },
    response_url: hook,
    actions: [{ type: 'button', action_id: actionId, block_id: 'b', value, action_ts: '1.3', text: { type: 'plain_text', text: 'A' } }],
  };
  return form({ payload: JSON.stringify(payload) });
}

async function setup() {
  const learners = Number(args.learners);
  const first = Number(args.first);
  const cards = [];
  const batch = 50;
  for (let i = 0; i < learners; i += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, learners - i) }, (_, j) => {
      const n = first + i + j;
      return post(`${args.quizbot}/slack/commands`, form({
        token: 'x', team_id: 'T1', team_domain: 'bench', channel_id: 'C1', channel_name: 'bench', user_id: `U${n}`,
        user_name: `u${n}`, command: '/quiz', text: 'start', response_url: `${args.sink}/hooks/setup-${n}`, trigger_id: '1.2.3',
      }));
    }));
  }
  for (let n = first; n < first + learners; n++) {
    let message;
    for (let attempt = 0; attempt < 200 && !message; attempt++) {
      const res = await fetch(`${args.sink}/last/setup-${n}`);
      if (res.status === 200) message = await res.json();
      else await new Promise((r) => setTimeout(r, 25));
    }
    if (!message) throw new Error(`no card for learner ${n}`);
    const buttons = message.blocks.filter((b) => b.type === 'actions').flatMap((b) => b.elements);
    const a = buttons.find((b) => b.action_id === 'answer_A');
    if (!a) throw new Error(`learner ${n}: no answer button in ${JSON.stringify(message).slice(0, 200)}`);
    const [session, sequence] = a.value.split(':').map(Number);
    cards.push({ user: `U${n}`, session, sequence });
  }
  const ts = String(Math.floor(Date.now() / 1000));
  const lines = [];
  let hook = 0;
  for (let r = 0; r < sessionLength; r++) {
    for (const c of cards) {
      const body = click(c.user, 'answer_A', `${c.session}:${c.sequence + r}:0`, `${args.sink}/hooks/${first}-${hook++}`);
      lines.push(`a\t${ts}\t${hmac(ts, body)}\t${body}`);
    }
    for (const c of cards) {
      const body = click(c.user, 'next', String(c.session), `${args.sink}/hooks/${first}-${hook++}`);
      lines.push(`n\t${ts}\t${hmac(ts, body)}\t${body}`);
    }
  }
  writeFileSync(args.out, lines.join('\n') + '\n');
  console.log(`requests ${lines.length}`);
}

async function bolt() {
  const require = createRequire(join(here, '..', 'package.json'));
  const { App, HTTPReceiver, LogLevel } = require('@slack/bolt');
  const receiver = new HTTPReceiver({ signingSecret: args.secret, endpoints: '/slack/interactions' });
  // A fixed authorization: the default single-token one would call auth.test on Slack's servers.
  const authorize = async () => ({ botToken: 'xoxb-bench', botId: 'B1', botUserId: 'U0' });
  const app = new App({ authorize, receiver, logLevel: LogLevel.ERROR });
  app.action(/.*/, async ({ ack }) => { await ack(); });
  await app.start(Number(args.port));
  console.log(`listening ${args.port} bolt ${require('@slack/bolt/package.json').version}`);
}

if (command === 'setup') await setup();
else if (command === 'bolt') await bolt();
else {
  console.error('usage: node slack_bench.mjs setup|bolt ...');
  process.exit(2);
}
