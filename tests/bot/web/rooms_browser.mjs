// SPDX-License-Identifier: MIT
// A study group's round in the playground, in a real browser: three pages (three people, each with their own
// storage) in one room, through a whole round: joins, private acknowledgements, a reveal when everyone has
// answered, one by the host, one by the timer, the scoreboard and the review of misses. Saves screenshots of the
// reveal and of the scoreboard in WORK, and checks that no page polls faster than once a second.
// Usage: node rooms_browser.mjs QUIZBOT CONTENT_DIR CHROMIUM WORK
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { check, startServer, stopServer } from './quizbot_server.mjs';
import { freshDatabase } from './test_database.mjs';

const [quizbot, contentDir, chromiumPath, work] = process.argv.slice(2);
if (!quizbot || !contentDir || !chromiumPath || !work) {
  console.error('usage: rooms_browser.mjs QUIZBOT CONTENT_DIR CHROMIUM WORK');
  process.exit(2);
}
mkdirSync(work, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'quizbot-rooms-'));

const text = (page, selector) => page.textContent(selector).then((t) => (t || '').trim());

/// Waits until every page shows question `number` open, then returns nothing.
async function allOnQuestion(pages, number) {
  for (const page of pages) {
    await page.waitForFunction((n) => {
      const header = document.getElementById('room-header').textContent;
      return header.startsWith('Question ' + n + ' of') &&
        document.getElementById('room-reveal').hidden &&
        document.querySelector('#room-choices button:not([disabled])') !== null;
    }, number);
  }
}

async function answer(page, index) {
  await page.click(`#room-choices li:nth-child(${index + 1}) button`);
  await page.waitForFunction(() => document.getElementById('room-mine').textContent.startsWith('Your answer is in'));
  check(await page.isDisabled('#room-choices li:first-child button'), 'choices lock once answered');
}

async function allRevealed(pages, closedLine) {
  for (const page of pages) {
    await page.waitForSelector('#room-reveal:not([hidden])');
    check((await text(page, '#room-closed')) === closedLine, 'closed: ' + (await text(page, '#room-closed')));
  }
}

/// The verdict each page shows privately once revealed ('' for a page that did not answer).
async function verdicts(pages, answered) {
  const out = [];
  for (const [i, page] of pages.entries()) {
    if (!answered[i]) {
      out.push('');
      continue;
    }
    await page.waitForSelector('#room-judged:not([hidden])');
    const verdict = await text(page, '#room-verdict');
    check(['Right!', 'Not quite.'].includes(verdict), 'verdict: ' + verdict);
    check((await text(page, '#room-judged-explanation')).length > 0, 'the chosen answer is explained');
    out.push(verdict);
  }
  return out;
}

const database = freshDatabase(scratch); // SQLite, or PostgreSQL with QUIZBOT_TEST_ENGINE=postgres
const server = await startServer(quizbot, { QUIZBOT_DB: database.location, QUIZBOT_CONTENT: contentDir });
const { url } = server;
let browser;
let failed = false;
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const people = ['Ana <i>host</i>', 'Ben', 'Chloé'];
  const pages = [];
  const waits = [];
  const pageErrors = [];
  for (let i = 0; i < people.length; ++i) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 1400 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30000);
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    // When the browser started each wait, by its own clock (not when the event reached this script, late under load).
    page.on('requestfinished', (r) => {
      if (r.url().includes('/wait?')) waits.push({ page: i, at: r.timing().startTime });
    });
    pages.push(page);
  }
  const [host, ben, chloe] = pages;

  // The host creates a room: 3 questions, 12 seconds each.
  await host.goto(url + '/?lang=en');
  await host.fill('#together-name', people[0]);
  await host.fill('#together-questions', '3');
  await host.fill('#together-seconds', '12');
  await host.click('#together-create');
  await host.waitForSelector('#room:not([hidden]) #room-play:not([hidden])');
  const link = await host.getAttribute('#together-link', 'href');
  check(/\?round=\d+&room=[A-Z2-9]{6}$/.test(link), 'a link to share: ' + link);
  check((await text(host, '#room-host')) === 'Host: ' + people[0], 'the host is named as text');

  // Two members open the link and give their names.
  for (const [i, page] of [[1, ben], [2, chloe]]) {
    await page.goto(link + '&lang=en');
    await page.waitForSelector('#room-join:not([hidden])');
    await page.fill('#room-join-name', people[i]);
    await page.click('#room-join-button');
    await page.waitForSelector('#room-play:not([hidden])');
  }
  await host.waitForFunction(() => document.getElementById('room-answered').textContent === '0 of 3 answered');
  check(await host.isVisible('#room-reveal-button'), 'the host can reveal');
  check(await ben.isHidden('#room-host-actions'), 'members have no host buttons');

  // Question 1: everyone answers; the reveal comes when the last one does.
  await allOnQuestion(pages, 1);
  await answer(host, 0);
  await ben.waitForFunction(() => document.getElementById('room-answered').textContent === '1 of 3 answered');
  check(await ben.isHidden('#room-reveal'), 'nothing is revealed before everyone has answered');
  await answer(ben, 1);
  await answer(chloe, 2);
  await allRevealed(pages, 'Everyone has answered.');
  const counts = await host.$$eval('#room-distribution li span', (spans) => spans.map((s) => s.textContent));
  check(counts.length >= 3, 'one line per choice: ' + counts.join(' | '));
  const total = counts.map((c) => Number((/(\d+) answer/.exec(c) || [0, 0])[1])).reduce((a, b) => a + b, 0);
  check(total === 3, 'the distribution counts three answers: ' + counts.join(' | '));
  check((await text(host, '#room-answer-line')).startsWith('Answer '), 'the correct answer is named');
  check((await text(host, '#room-answer-explanation')).length > 0, 'the correct answer is explained');
  const first = await verdicts(pages, [true, true, true]);
  await host.locator('#room').screenshot({ path: join(work, 'groups-reveal.png') });

  // Question 2: the host reveals before the deadline.
  await host.click('#room-next-button');
  await allOnQuestion(pages, 2);
  await answer(host, 0);
  await answer(ben, 0);
  await host.click('#room-reveal-button');
  await allRevealed(pages, 'The answer was revealed early.');
  const second = await verdicts(pages, [true, true, false]);
  check(await chloe.isHidden('#room-judged'), 'a member who did not answer is not judged');

  // Question 3: only Chloé answers; the server's timer reveals it.
  await host.click('#room-next-button');
  await allOnQuestion(pages, 3);
  await answer(chloe, 3);
  await allRevealed(pages, 'Time is up.');
  const third = await verdicts(pages, [false, false, true]);

  // The end: the scoreboard on every page, names as text.
  await host.click('#room-next-button');
  for (const page of pages) {
    await page.waitForSelector('#room-end:not([hidden])');
    check((await host.$$('#room-scores li')).length === 3, 'three players ranked');
  }
  const scores = await host.$$eval('#room-scores li', (items) => items.map((li) => li.textContent));
  check(scores.some((s) => s.includes(people[0])), 'the host is listed by name: ' + scores.join(' | '));
  check((await host.$$('#room-scores i')).length === 0, 'a name is never markup');
  check((await text(host, '#room-hardest')).startsWith('Hardest question: '), 'the hardest question is named');
  // Each score is what that member was privately told: right answers over the three questions they were in.
  const right = (verdictsOf) => verdictsOf.filter((v) => v === 'Right!').length;
  const expected = [right([first[0], second[0]]), right([first[1], second[1]]), right([first[2], third[2]])];
  for (const [i, name] of people.entries()) {
    const line = scores.find((s) => s.includes(name + ':'));
    check(line && line.includes(`: ${expected[i]} of 3`), `${name} scores ${expected[i]} of 3: ${line}`);
  }
  await host.locator('#room').screenshot({ path: join(work, 'groups-scoreboard.png') });

  // Ben reviews what he missed: his own session starts on it, or he is told there is nothing to review.
  const benMissed = [first[1], second[1]].includes('Not quite.');
  await ben.click('#room-review');
  if (benMissed) {
    await ben.waitForSelector('#card:not([hidden]) .choice');
    check((await text(ben, '#card-header')).startsWith('Another try'), 'the review asks a missed question again: ' +
      (await text(ben, '#card-header')));
  } else {
    await ben.waitForFunction(() => document.getElementById('status').textContent.includes('nothing to review'));
  }
  check(third[2] !== '', 'Chloé was judged on the last question');

  // Long polling: no page asks for changes more than once a second. The times are the browser's own start times
  // of the waits that completed; a gap may look a little short by the timers' and the network stack's jitter.
  for (let i = 0; i < pages.length; ++i) {
    const mine = waits.filter((w) => w.page === i).map((w) => w.at).sort((a, b) => a - b);
    check(mine.length >= 3, `page ${i} waited for changes ${mine.length} times`);
    for (let k = 1; k < mine.length; ++k) {
      check(mine[k] - mine[k - 1] >= 900, `page ${i} polled twice within ${mine[k] - mine[k - 1]} ms`);
    }
    const span = (mine[mine.length - 1] - mine[0]) / 1000;
    check(mine.length < 2 || (mine.length - 1) / span <= 1.0, `page ${i} polled ${mine.length} times in ${span} s`);
  }
  check(pageErrors.length === 0, 'no script error: ' + pageErrors.join('; '));
  console.log('rooms browser test passed; screenshots in ' + work);
} catch (e) {
  failed = true;
  console.error(e.stack || String(e));
} finally {
  if (browser) await browser.close();
  await stopServer(server);
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
