// SPDX-License-Identifier: MIT
// What the web tests share: starting `quizbot serve` on a free loopback port and checking a condition.

import { spawn } from 'node:child_process';

export function check(condition, message) {
  if (!condition) throw new Error('check failed: ' + message);
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
