// SPDX-License-Identifier: MIT
// Signed Slack requests for the Node scenarios that run `quizbot serve` (burst_sigkill.mjs, round_sigkill.mjs):
// form-encoded bodies signed with the signing secret, as Slack signs them (v0, HMAC-SHA256 of "v0:ts:body").
import { createHmac } from 'node:crypto';

export const secret = 'slack-signing-secret-0123456789';

/// The environment of a node with Slack configured against the fake Slack listening on `port` (its response_urls;
/// with `botToken`, its Web API under /api too).
export const slackEnv = (port, botToken) => ({
  SLACK_SIGNING_SECRET: secret,
  SLACK_RESPONSE_URL_HOSTS: `127.0.0.1:${port}`,
  ...(botToken ? { SLACK_BOT_TOKEN: botToken, SLACK_API_BASE: `http://127.0.0.1:${port}/api` } : {}),
});

/// `fields` form-encoded, as Slack posts slash commands and interactions.
export const form = (fields) => Object.entries(fields).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

/// POSTs `body` to `node`'s `path`, signed now: the HTTP status.
export async function signed(node, path, body) {
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = 'v0=' + createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex');
  const r = await fetch(node.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': ts, 'x-slack-signature': signature,
    },
    body,
  });
  await r.arrayBuffer();
  return r.status;
}

const channelName = (id) => (id.startsWith('D') ? 'directmessage' : 'general');

/// `/quiz <text>` from `user` in `channel`, with its response_url.
export const slashQuiz = (node, user, channel, text, hook) => signed(node, '/slack/commands', form({
  token: 'x', team_id: 'T1', team_domain: 'acme', channel_id: channel, channel_name: channelName(channel),
  user_id: user, user_name: user.toLowerCase(), command: '/quiz', text, response_url: hook, trigger_id: '1.2.3',
}));

/// A button click on a message (`container`: { message_ts, channel_id }) from `user`, with its own response_url.
export const clickOn = (node, user, container, action, hook) => signed(node, '/slack/interactions', form({
  payload: JSON.stringify({
    type: 'block_actions', team: { id: 'T1', domain: 'acme' }, user: { id: user, username: user, team_id: 'T1' },
    api_app_id: 'A1', container: { type: 'message', is_ephemeral: false, ...container },
    channel: { id: container.channel_id, name: channelName(container.channel_id) }, response_url: hook,
    actions: [{ type: 'button', block_id: 'b', action_ts: '1.3', ...action }],
  }),
}));
