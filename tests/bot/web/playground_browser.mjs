// SPDX-License-Identifier: MIT
// The playground in a real browser: Debian's chromium, headless, driven by playwright-core (no browser download).
// Starts `quizbot serve` on a free loopback port with a fresh database, answers three questions, checks the
// feedback and explanations and a heads-up said first, switches to French, opens a guide section, and saves
// screenshots in WORK.
// Usage: node playground_browser.mjs QUIZBOT CONTENT_DIR CHROMIUM WORK
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { check, startServer, stopServer } from './quizbot_server.mjs';
import { freshDatabase } from './test_database.mjs';

const [quizbot, contentDir, chromiumPath, work] = process.argv.slice(2);
if (!quizbot || !contentDir || !chromiumPath || !work) {
  console.error('usage: playground_browser.mjs QUIZBOT CONTENT_DIR CHROMIUM WORK');
  process.exit(2);
}
mkdirSync(work, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'quizbot-browser-'));

async function answerOne(page, index, useKeyboard) {
  await page.waitForSelector('#card:not([hidden]) .choice');
  // After "Next" the answered card stays on screen, locked, until the new one arrives: wait for live choices.
  await page.waitForSelector('#choices li:first-child button:not([disabled])');
  const stem = await page.textContent('#card-stem');
  check(stem.trim().length > 0, 'the question has a stem');
  // The pack's Markdown is rendered (inline code, bold), not shown as source: half the questions use backticks.
  const shown = await page.innerText('#card');
  check(!shown.includes('`') && !shown.includes('**'), 'the card shows no Markdown markers: ' + shown.slice(0, 200));
  if (useKeyboard) {
    await page.keyboard.press(String.fromCharCode(65 + index));
  } else {
    await page.click(`#choices li:nth-child(${index + 1}) button`);
  }
  await page.waitForSelector('#feedback:not([hidden])');
  const verdict = (await page.textContent('#verdict')).trim();
  check(['Right!', 'Not quite.', 'Bonne réponse\u00a0!', 'Pas tout à fait.'].includes(verdict), 'verdict: ' + verdict);
  check((await page.textContent('#answer-line')).trim().length > 0, 'the correct answer is named');
  check((await page.textContent('#answer-explanation')).trim().length > 0, 'the correct answer is explained');
  const explained = await page.innerText('#feedback');
  check(!explained.includes('`') && !explained.includes('**'), 'the feedback shows no Markdown markers');
  if (verdict === 'Not quite.' || verdict === 'Pas tout à fait.') {
    check((await page.textContent('#chosen-explanation')).trim().length > 0, 'the chosen answer is explained');
    check(await page.isVisible('#chosen-block'), 'the chosen answer block shows');
  }
  check(await page.isDisabled('#choices li:first-child button'), 'choices are locked after answering');
  return verdict;
}

const database = freshDatabase(scratch); // SQLite, or PostgreSQL with QUIZBOT_TEST_ENGINE=postgres
const server = await startServer(quizbot, { QUIZBOT_DB: database.location, QUIZBOT_CONTENT: contentDir });
const { url } = server;
let context;
let failed = false;
try {
  context = await chromium.launchPersistentContext(join(scratch, 'profile'), {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1000, height: 1300 },
  });
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(20000);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  const urls = [];
  page.on('request', (r) => urls.push(r.url()));

  await page.goto(url + '/?lang=en');
  check((await page.getAttribute('html', 'lang')) === 'en', 'the page is in English');
  // The first card arrives after the page's first API call: wait for it rather than read an empty element.
  await page.waitForFunction(() => (document.querySelector('#card-how')?.textContent || '').length > 0);
  check((await page.textContent('#card-how')).includes('Answer with a letter.'), 'the card says how to answer');
  await answerOne(page, 0, false);
  await page.click('#next');
  await answerOne(page, 1, true);
  await page.click('#next');
  check(await page.isHidden('#heads-up'), 'no heads-up while there is nothing to say first');
  // What a reminder the platform refused leaves in the database (docs/reminders.md): the next answer says so first.
  database.query('INSERT INTO reminder_schedule (learner_id, refused) SELECT id, 1 FROM learner WHERE true' +
    ' ON CONFLICT (learner_id) DO UPDATE SET refused = 1');
  await answerOne(page, 2, false);
  await page.waitForSelector('#heads-up:not([hidden])');
  check((await page.textContent('#heads-up')).startsWith('Your reminders by DM are off'), 'the heads-up is shown');
  await page.waitForSelector('#stats .concepts li');
  // Every concept is listed, and the bundled pack labels one "FSDP2 (`fully_shard`)": shown as code, no backticks.
  check(!(await page.innerText('#stats')).includes('`'), 'the progress panel shows no Markdown markers');
  check((await page.textContent('#stats .concepts code')) === 'fully_shard', 'concept labels render inline code');
  await page.screenshot({ path: join(work, 'playground-feedback.png'), fullPage: true });
  // The token is a bearer secret: in no URL the page requested, where proxies would log it.
  const token = await page.evaluate(() => localStorage.getItem('quizbot.learner'));
  check(/^[0-9a-f]{32}\.[0-9a-f]{32}$/.test(token || ''), 'the page keeps the token the server issued');
  check(urls.some((u) => u.includes('/api/play/stats')), 'the page asked for its progress');
  const leaked = urls.filter((u) => u.includes(token.slice(0, 32)));
  check(leaked.length === 0, 'no URL carries the learner token: ' + leaked.join(' '));
  await page.click('#next');

  await page.click('button[data-lang="fr"]');
  await page.waitForFunction(() => document.getElementById('card-how').textContent === 'Répondez par une lettre.');
  check((await page.getAttribute('html', 'lang')) === 'fr', 'the page is in French');
  check((await page.textContent('#stats-heading')) === 'Votre progression', 'the page labels are French');
  check(/^(Nouvelle question|Révision|Nouvel essai|Question de suivi|Entraînement) /.test(
    await page.textContent('#card-header')), 'the card header is French');
  await answerOne(page, 0, true);
  await page.screenshot({ path: join(work, 'playground-french.png'), fullPage: true });

  // Forget-me asks first: cancelling keeps everything; confirming erases the learner.
  check((await page.textContent('#forget')) === 'Tout effacer sur moi', 'the forget-me button is French');
  await page.click('#forget');
  await page.waitForSelector('#forget-yes', { state: 'visible' });
  check((await page.textContent('#forget-question')).startsWith('Cela efface tout'), 'forget-me asks first');
  await page.click('#forget-no');
  await page.waitForFunction(() => document.getElementById('forget-result').textContent === 'Rien n’a été effacé.');
  check(await page.isHidden('#forget-yes'), 'the question goes once answered');
  await page.click('#forget');
  await page.waitForSelector('#forget-yes', { state: 'visible' });
  await page.click('#forget-yes');
  await page.waitForFunction(() => document.getElementById('forget-result').textContent.startsWith('C’est fait'));
  check((await page.evaluate(() => localStorage.getItem('quizbot.learner'))) === null, 'the page forgets the token');

  await page.click('#sections li:first-child a');
  await page.waitForSelector('article h1');
  check((await page.getAttribute('html', 'lang')) === 'fr', 'the guide page is in French');
  check(await page.isVisible('article table'), 'the guide section shows its table');
  await page.screenshot({ path: join(work, 'playground-guide.png'), fullPage: true });

  check(pageErrors.length === 0, 'no script error: ' + pageErrors.join('; '));
  console.log('playground browser test passed; screenshots in ' + work);
} catch (e) {
  failed = true;
  console.error(e.stack || String(e));
} finally {
  if (context) await context.close();
  await stopServer(server);
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
