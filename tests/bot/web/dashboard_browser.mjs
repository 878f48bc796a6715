// SPDX-License-Identifier: MIT
// The instructors' dashboard in Debian's chromium (playwright-core): a generated class of 200 learners, a link from
// `quizbot report link`, every page in English and French at desktop width and on a 375-px phone, no console
// error, no sideways scrolling of the page on the phone (tables scroll inside their wrapper), and everything shown
// with JavaScript disabled. With QUIZBOT_SCREENSHOTS=DIR, screenshots are saved there.
// Usage: node dashboard_browser.mjs QUIZBOT CONTENT_DIR CHROMIUM WORK
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { check, startServer, stopServer } from './quizbot_server.mjs';
import { engine, freshDatabase } from './test_database.mjs';

const [quizbot, contentDir, chromiumPath, work] = process.argv.slice(2);
if (!quizbot || !contentDir || !chromiumPath || !work) {
  console.error('usage: dashboard_browser.mjs QUIZBOT CONTENT_DIR CHROMIUM WORK');
  process.exit(2);
}
mkdirSync(work, { recursive: true });
const shots = process.env.QUIZBOT_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'quizbot-dashboard-'));
const generated = join(scratch, 'class.db');
// The class's 14 days end today, so that activity, mastery and due reviews look as they would in a live class.
const start = new Date(Date.now() - 14 * 86400e3).toISOString().replace(/\.\d+Z$/, 'Z');
execFileSync(quizbot, ['report', 'demo-class', '--learners', '200', '--seed', '3', '--db', generated,
  '--content', contentDir, '--start', start], { stdio: 'inherit' });
// On PostgreSQL (QUIZBOT_TEST_ENGINE=postgres) the class is moved there, as an operator would move an installation.
let db = generated;
if (engine === 'postgres') {
  db = freshDatabase(scratch, 'dashboard').location;
  execFileSync(quizbot, ['db', 'copy', '--from', generated, '--to', db], { stdio: 'inherit' });
}

const server = await startServer(quizbot, { QUIZBOT_DB: db, QUIZBOT_CONTENT: contentDir });
const link = execFileSync(quizbot, ['report', 'link', '--scope', 'demo:class-3', '--db', db],
  { env: { ...process.env, QUIZBOT_PUBLIC_URL: server.url, QUIZBOT_REPORT_SECRET: '' } }).toString().trim();
check(link.startsWith(server.url + '/reports?scope=demo%3Aclass-3&by=cli&until='), 'report link: ' + link);

const pages = ['/reports', '/reports/items', '/reports/learners', '/reports/concepts', '/reports/activity'];
const widths = [{ name: 'desktop', width: 1280, height: 900 }, { name: 'phone', width: 375, height: 800 }];
const query = link.slice(link.indexOf('?'));
let browser;
let failed = false;
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  for (const size of widths) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    page.setDefaultTimeout(20000);
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(String(e)));
    for (const lang of ['en', 'fr']) {
      for (const path of pages) {
        const where = `${path} ${lang} ${size.name}`;
        const reply = await page.goto(server.url + path + query + '&lang=' + lang);
        check(reply.status() === 200, where + ': status ' + reply.status());
        check((await page.getAttribute('html', 'lang')) === lang, where + ': language');
        check((await page.locator('h1').count()) === 1, where + ': a title');
        check((await page.locator('svg.chart').count()) > 0 || path === '/reports/learners' ||
          path === '/reports/concepts', where + ': a chart');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        check(overflow <= 0, where + ': the page scrolls sideways by ' + overflow + ' px');
        if (path !== '/reports') {
          check((await page.locator('.table-wrap table').count()) === 1, where + ': the table in its wrapper');
          check((await page.locator('a[href*="format=csv"]').count()) === 1, where + ': the CSV export');
        }
        const name = `dashboard-${path.split('/').pop()}-${lang}-${size.name}.png`;
        if (shots && (size.name === 'desktop' || (lang === 'en' && path === '/reports'))) {
          await page.screenshot({ path: join(shots, name) });
        }
      }
    }
    // The language switch leads to the same page in the other language, with the link's fields carried on.
    await page.goto(server.url + '/reports/items' + query + '&lang=en');
    await page.click('a.language');
    check((await page.getAttribute('html', 'lang')) === 'fr', 'the switch leads to French');
    check(page.url().includes('/reports/items?') && page.url().includes('sig='), 'the switch keeps the link');
    check(problems.length === 0, size.name + ': console errors: ' + problems.join('; '));
    await context.close();
  }
  // Without JavaScript the pages show the same.
  const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await still.newPage();
  for (const path of pages) {
    await page.goto(server.url + path + query);
    check((await page.locator('main h1').innerText()).length > 0, path + ' without JavaScript: a title');
    check((await page.locator('main').innerText()).length > 200, path + ' without JavaScript: content');
  }
  await page.goto(server.url + '/reports/items' + query);
  check((await page.locator('details').count()) > 0, 'each question\'s choices without JavaScript');
  await still.close();
  // A link that was tampered with shows the reason only.
  const refused = await browser.newContext();
  const denied = await refused.newPage();
  const reply = await denied.goto(server.url + '/reports' + query.replace('sig=', 'sig=0'));
  check(reply.status() === 401, 'a forged link: 401');
  check((await denied.locator('table').count()) === 0, 'a forged link shows no table');
  await refused.close();
  console.log('dashboard browser test passed' + (shots ? '; screenshots in ' + shots : ''));
} catch (e) {
  failed = true;
  console.error(e.stack || String(e));
} finally {
  if (browser) await browser.close();
  await stopServer(server);
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
