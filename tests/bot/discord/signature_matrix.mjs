// Discord's request signatures made by an independent Ed25519 implementation (tweetnacl), sent over HTTP to the
// built `quizbot serve`: only the correctly signed request passes.
// Usage: node signature_matrix.mjs --quizbot BIN --content DIR --work DIR --bodies DIR
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import nacl from 'tweetnacl';

const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    if (i < 0 || !process.argv[i + 1]) {
        console.error(`missing --${name}`);
        process.exit(2);
    }
    return process.argv[i + 1];
};
const quizbot = arg('quizbot');
const content = arg('content');
const work = arg('work');
const bodies = arg('bodies');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
fs.mkdirSync(bodies, { recursive: true });

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const seed = (n) => Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + n) & 255);
const app = nacl.sign.keyPair.fromSeed(seed(1));
const stranger = nacl.sign.keyPair.fromSeed(seed(2));
const sign = (keys, timestamp, body) =>
    hex(nacl.sign.detached(Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), keys.secretKey));

const server = spawn(quizbot, ['serve'], {
    env: {
        PATH: process.env.PATH,
        QUIZBOT_LISTEN: '127.0.0.1:0',
        QUIZBOT_DB: path.join(work, 'quizbot.db'),
        QUIZBOT_CONTENT: content,
        QUIZBOT_THREADS: '2',
        DISCORD_PUBLIC_KEY: hex(app.publicKey),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
});
let stderr = '';
server.stderr.on('data', (d) => (stderr += d));
const base = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`quizbot serve did not start:\n${stderr}`)), 60000);
    server.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/listening on (http:\/\/\S+)/);
        if (m) {
            clearTimeout(timer);
            resolve(m[1]);
        }
    });
    server.on('exit', (code) => reject(new Error(`quizbot serve exited (${code}):\n${stderr}`)));
});

const post = async (body, headers) => {
    const r = await fetch(`${base}/discord/interactions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
    });
    return { status: r.status, text: await r.text() };
};
const signed = (keys, timestamp, body) => ({
    'X-Signature-Ed25519': sign(keys, timestamp, body),
    'X-Signature-Timestamp': timestamp,
});
const flip = (text, index) => {
    const b = Buffer.from(text);
    b[index] ^= 1;
    return b.toString('latin1');
};
const flipHex = (h, index) => {
    const b = Buffer.from(h, 'hex');
    b[index] ^= 1;
    return b.toString('hex');
};

const ts = '1700000000';
const ping = '{"type":1}';
// Every interaction Discord sends has its own id: the same id again is a replay, which quizbot runs once.
const helpWithId = (id) => JSON.stringify({
    type: 2, id, application_id: '1100000000000000001', token: 'dG9rZW4', version: 1,
    locale: 'fr', context: 1, user: { id: '80351110224678912', username: 'nelly' },
    data: { id: '1300000000000000003', name: 'quiz', type: 1, options: [{ name: 'help', type: 1 }] },
});
const help = helpWithId('1500000000000000001');
const helpAgain = helpWithId('1500000000000000002');
const good = signed(app, ts, ping);
const big = '{"type":1,"pad":"' + 'x'.repeat(70 * 1024) + '"}';

const cases = [
    ['valid PING', ping, good, 200],
    ['valid command', help, signed(app, ts, help), 200],
    ['signed by another key', ping, signed(stranger, ts, ping), 401],
    ['one bit flipped in the body', flip(ping, 2), good, 401],
    ['one bit flipped in the timestamp', ping, { ...good, 'X-Signature-Timestamp': flip(ts, 9) }, 401],
    ['one bit flipped in the signature', ping, { ...good, 'X-Signature-Ed25519': flipHex(good['X-Signature-Ed25519'], 63) }, 401],
    ['signature header missing', ping, { 'X-Signature-Timestamp': ts }, 401],
    ['timestamp header missing', ping, { 'X-Signature-Ed25519': good['X-Signature-Ed25519'] }, 401],
    ['both headers missing', ping, {}, 401],
    ['non-hex signature', ping, { ...good, 'X-Signature-Ed25519': 'g'.repeat(128) }, 401],
    ['signature too short', ping, { ...good, 'X-Signature-Ed25519': good['X-Signature-Ed25519'].slice(0, 126) }, 401],
    ['empty body, signature of another body', '', good, 401],
    ['empty body, correctly signed (not an interaction)', '', signed(app, ts, ''), 400],
    ['oversized body, correctly signed', big, signed(app, ts, big), 413],
];

let failed = 0;
let n = 0;
for (const [name, body, headers, expected] of cases) {
    const r = await post(body, headers);
    const ok = r.status === expected;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${r.status} (expected ${expected})`);
    if (!ok) failed++;
    if (r.status === 200) {
        fs.writeFileSync(path.join(bodies, `callback-tweetnacl-${n++}.json`), r.text);
    }
}
const pong = await post(ping, good);
if (pong.text !== '{"type":1}') {
    console.log(`FAIL PONG body: ${pong.text}`);
    failed++;
}
const answer = JSON.parse((await post(helpAgain, signed(app, ts, helpAgain))).text);
if (answer.type !== 4 || !answer.data.content.includes('/quiz commencer')) {
    console.log(`FAIL the French help: ${JSON.stringify(answer)}`);
    failed++;
}

server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
console.log(`${cases.length} cases, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
