// SPDX-License-Identifier: MIT
// A fake platform's failure modes, shared by the scenarios that kill and restart `quizbot serve` while the platform
// fails (tests/bot/slack/burst_sigkill.mjs, tests/bot/discord/fake_api.mjs).

/// Answers `res` as a failing platform in `mode`, or leaves it to the caller (returns false) in any other mode:
///   hold: never answered (kept in `held`, to be destroyed once the server died),
///   500: "Internal Server Error",
///   429: rate limited, with Retry-After and the platform's own `rateLimited` body { type, text }.
export function answerFailing(res, mode, held, rateLimited) {
  if (mode === 'hold') {
    held.push(res);
    return true;
  }
  if (mode === '500') {
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('Internal Server Error');
    return true;
  }
  if (mode === '429') {
    res.writeHead(429, { 'Content-Type': rateLimited.type, 'Retry-After': rateLimited.retryAfter });
    res.end(rateLimited.text);
    return true;
  }
  return false;
}
