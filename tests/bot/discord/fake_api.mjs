// SPDX-License-Identifier: MIT
// A fake Discord API on loopback for the scenarios that kill and restart `quizbot serve` (round_sigkill.mjs,
// reminder_sigkill.mjs): it records every request as { method, target, body, mode, at } and answers the ones
// `failing({ method, target })` picks in the mode the test sets (state.mode: hold, 500, 429 as Discord's rate limit with
// Retry-After: 1, or ok); every other request, and those in mode ok, get 200 with `reply({ method, target })`.
import { createServer } from 'node:http';
import { answerFailing } from '../web/failing_platform.mjs';

const rateLimited = {
  type: 'application/json',
  retryAfter: '1',
  text: JSON.stringify({ message: 'You are being rate limited.', retry_after: 1.0, global: false }),
};

/// Resolves to { server, state }: state.mode to set, state.seen the requests, state.held the unanswered ones (to be
/// destroyed once the server they were held for died).
export function fakeDiscordApi(failing, reply) {
  const state = { mode: 'ok', seen: [], held: [] };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => { body += d; });
    req.on('end', () => {
      const request = { method: req.method, target: req.url };
      const mode = failing(request) ? state.mode : 'ok';
      state.seen.push({ ...request, body, mode, at: Date.now() });
      if (answerFailing(res, mode, state.held, rateLimited)) return;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply(request)));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, state })));
}
