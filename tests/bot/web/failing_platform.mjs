// SPDX-License-Identifier: MIT
// A fake platform's failure modes, shared by the scenarios that kill and restart `quizbot serve` while the platform
// fails (tests/bot/slack/burst_sigkill.mjs, tests/bot/discord/fake_api.mjs, the round kill tests).
import { check, stopServer, until } from './quizbot_server.mjs';

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

/// The environment of a server the kill tests restart on `db`: a message's lease of 2 s, so that one its first run
/// left is taken again soon after the restart.
export const restartableEnv = (db, contentDir) => ({
  QUIZBOT_DB: db.location,
  QUIZBOT_CONTENT: contentDir,
  QUIZBOT_PUBLIC_URL: 'https://quiz.example.org',
  QUIZBOT_OUTBOX_LEASE_SECONDS: '2',
});

/// The second half of the round kill tests (tests/bot/discord/round_sigkill.mjs, tests/bot/slack/round_sigkill.mjs):
/// once `first` has logged the timer's reveal of the round's first question and the platform holds an edit
/// (`isEdit`), `first` is killed with SIGKILL while the platform holds its requests (`state.held`, never answered), then
/// `start()`ed again while the platform answers the requests `isEdit` picks with 500 for `failFor` seconds, then 429
/// for as long, then ok; waits for the first one answered ok, and 4 s more (more than a lease and a look: a duplicate
/// would show by then). `state.seen` holds the platform's requests as { mode, at, ... }.
/// Returns { second, editsBefore, failed, delivered (the ones answered ok), recovered (when the platform did) }.
export async function killAndRecover({ first, round, seconds, start, running, state, isEdit, failFor, db, platform }) {
  const revealLine = new RegExp(`round revealed round=${round} question=1 by=timer`);
  await until(() => revealLine.test(first.log()), (seconds + 10) * 1000, 'the reveal');
  await until(() => state.seen.some(isEdit), 5000, 'an edit in flight');
  check(state.seen.filter(isEdit).every((r) => r.mode === 'hold'), 'no edit was answered before the kill');
  await stopServer(first, 'SIGKILL');
  for (const res of state.held) res.destroy(); // never answered: not delivered
  state.held = [];
  const editsBefore = state.seen.filter(isEdit).length;

  state.mode = '500';
  const second = await start();
  running.push(second);
  await pause(failFor * 1000);
  state.mode = '429';
  await pause(failFor * 1000);
  const failed = state.seen.filter((r) => isEdit(r) && (r.mode === '500' || r.mode === '429')).length;
  check(failed > 0, `the edit was tried while ${platform} failed`);
  state.mode = 'ok';
  const delivered = () => state.seen.filter((r) => isEdit(r) && r.mode === 'ok');
  const recovered = Date.now();
  await until(() => delivered().length >= 1, 60000, 'the reveal after the restart').catch((e) => {
    const waiting = JSON.stringify(db.query('SELECT id, kind, attempts, next_at_ms FROM outbox'));
    throw new Error(`${e.message}: outbox ${waiting}; log:\n${second.log().split('\n').slice(-30).join('\n')}`);
  });
  await pause(4000);
  return { second, editsBefore, failed, delivered: delivered(), recovered };
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));
