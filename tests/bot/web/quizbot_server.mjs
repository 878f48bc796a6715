// SPDX-License-Identifier: MIT
// What the web tests share: starting `quizbot serve` on a free loopback port and checking a condition.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function check(condition, message) {
  if (!condition) throw new Error('check failed: ' + message);
}

/// Resolves once `condition()` holds, polled every 20 ms; rejects after `ms` with "timed out waiting for `what`".
export async function until(condition, ms, what) {
  const giveUp = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > giveUp) throw new Error('timed out waiting for ' + what);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/// Starts `quizbot serve` with QUIZBOT_LISTEN on a free loopback port and `env` added; resolves once it listens,
/// with { child, url, log() } (log: what it wrote to standard error so far).
export function startServer(quizbot, env) {
  const child = spawn(quizbot, ['serve'], {
    env: { ...process.env, QUIZBOT_LISTEN: '127.0.0.1:0', QUIZBOT_THREADS: '2', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d) => { errors += d; });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('quizbot serve did not start:\n' + errors)), 60000);
    const early = (code) => reject(new Error('quizbot serve exited with ' + code + ':\n' + errors));
    child.on('exit', early);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.off('exit', early);
        resolve({ child, url: m[1], log: () => errors });
      }
    });
  });
}

/// Resolves once the server has exited after `signal`.
export function stopServer(server, signal = 'SIGTERM') {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill(signal);
  return exited;
}

/// A JSON request to the server: { status, data }.
export async function call(server, method, path, body) {
  const response = await fetch(server.url + path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, data: await response.json() };
}

/// The quizbot binary and the packs' folder from the command line, or exit 2 with the usage.
export function quizbotArguments(script) {
  const [quizbot, contentDir] = process.argv.slice(2);
  if (!quizbot || !contentDir) {
    console.error(`usage: ${script} QUIZBOT CONTENT_DIR`);
    process.exit(2);
  }
  return { quizbot, contentDir };
}

/// Runs `scenario(scratch, running)` and exits: 1 when it throws (its stack printed), else 0. The servers it pushes on
/// `running` are stopped and `scratch`, a fresh folder, is removed either way.
export async function runScenario(prefix, scenario) {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const running = [];
  let failed = false;
  try {
    await scenario(scratch, running);
  } catch (e) {
    failed = true;
    console.error(e.stack || String(e));
  } finally {
    for (const server of running) await stopServer(server);
    rmSync(scratch, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

/// A playground room whose first question (of two, 10 s each) Ana opens and Ben answers, through `server`:
/// { round, room, host, ben, deadline } (ben: Ben's learner token; deadline in ms since the epoch).
export async function roomWithOneAnswer(server) {
  const created = await call(server, 'POST', '/api/rooms', { name: 'Ana', questions: 2, seconds: 10, lang: 'en' });
  check(created.status === 200, 'the room is created: ' + JSON.stringify(created.data));
  const { round, room, learner: host } = created.data;
  const ben = await call(server, 'POST', `/api/rooms/${round}/look`, { name: 'Ben', room, lang: 'en' });
  check(ben.status === 200, 'Ben joins');
  const answered = await call(server, 'POST', `/api/rooms/${round}/answer`,
    { learner: ben.data.learner, room, sequence: 1, choice: 0 });
  check(answered.status === 200 && answered.data.status === 'in', 'Ben answers: ' + JSON.stringify(answered.data));
  return { round, room, host, ben: ben.data.learner, deadline: created.data.screen.card.deadline_ms };
}
