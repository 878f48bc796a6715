// SPDX-License-Identifier: MIT
// The playground page: talks to /api/play/*; every sentence about the quiz comes rendered from the server.
'use strict';

const LABELS = {
  en: {
    next: 'Next question', summary: 'See the summary', restart: 'Start a new session', stats: 'Your progress',
    refresh: 'Refresh', guide: 'Guide', loading: 'Loading…', failed: 'Something went wrong:',
    language: 'Language', choices: 'Choices', open: 'Read the section', privacy: 'Your data',
    forget: 'Erase everything about me',
  },
  fr: {
    next: 'Question suivante', summary: 'Voir le bilan', restart: 'Nouvelle session', stats: 'Votre progression',
    refresh: 'Actualiser', guide: 'Guide', loading: 'Chargement…', failed: 'Une erreur est survenue :',
    language: 'Langue', choices: 'Choix', open: 'Lire la section', privacy: 'Vos données',
    forget: 'Tout effacer sur moi',
  },
};

const $ = (id) => document.getElementById(id);
const store = {
  get: (k) => { try { return localStorage.getItem('quizbot.' + k); } catch (e) { return null; } },
  set: (k, v) => { try { localStorage.setItem('quizbot.' + k, v); } catch (e) { /* private mode */ } },
};

const state = {
  lang: 'en', learner: null, pack: null, session: null, card: null, answered: false, next: null, busy: false,
};

function initialLanguage() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked === 'en' || asked === 'fr') return asked;
  const saved = store.get('lang');
  if (saved === 'en' || saved === 'fr') return saved;
  return (navigator.language || 'en').toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

async function call(method, url, body, token) {
  const options = { method, headers: {} };
  if (token) options.headers.Authorization = 'Bearer ' + token; // a bearer secret never goes in a URL
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  return { status: response.status, data };
}

function label(key) { return LABELS[state.lang][key]; }

function showStatus(text, isError) {
  const box = $('status');
  box.textContent = text || '';
  box.hidden = !text;
  box.classList.toggle('error', !!isError);
}

// Said first, once, by the server when it has something to tell before the screen (reminders turned off because
// they could not be delivered): shown until the page is left.
function showHeadsUp(data) {
  if (!data || !data.heads_up) return;
  $('heads-up').textContent = data.heads_up;
  $('heads-up').hidden = false;
}

function applyLabels() {
  document.documentElement.lang = state.lang;
  $('languages').setAttribute('aria-label', label('language'));
  for (const b of document.querySelectorAll('button.lang')) {
    b.setAttribute('aria-pressed', String(b.dataset.lang === state.lang));
  }
  $('stats-heading').textContent = label('stats');
  $('guide-heading').textContent = label('guide');
  $('refresh-stats').textContent = label('refresh');
  $('restart').textContent = label('restart');
  $('choices').setAttribute('aria-label', label('choices'));
  $('privacy-heading').textContent = label('privacy');
  $('forget').textContent = label('forget');
}

async function loadPacks() {
  const { status, data } = await call('GET', '/api/play/packs?lang=' + state.lang);
  if (status !== 200 || !data.packs.length) throw new Error(data && data.error ? data.error : 'no pack');
  const saved = store.get('pack');
  const pack = data.packs.find((p) => p.key === saved) || data.packs[0];
  state.pack = pack.key;
  $('pack-title').textContent = pack.title;
  $('pack-description').textContent = pack.description;
  const list = $('sections');
  list.replaceChildren();
  for (const s of pack.sections) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = s.url;
    a.textContent = s.title;
    li.append(a);
    list.append(li);
  }
}

function renderScreen(data) {
  state.session = data.session;
  state.next = null;
  state.answered = false;
  $('feedback').hidden = true;
  if (data.card) {
    renderCard(data.card);
  } else {
    $('card').hidden = true;
    renderSummary(data.summary);
  }
}

function renderCard(card) {
  state.card = card;
  $('summary').hidden = true;
  $('card').hidden = false;
  $('card-header').textContent = card.header;
  $('card-due').textContent = card.due;
  const planned = Math.max(card.progress.planned, 1);
  $('progress-bar').style.width = Math.round(100 * (card.progress.position - 1) / planned) + '%';
  $('card-note').textContent = card.note;
  $('card-note').hidden = !card.note;
  // The *_html fields are the server's rendering of the pack's Markdown, every source character escaped.
  $('card-stem').innerHTML = card.stem_html;
  $('card-how').textContent = card.how_to_answer;
  $('last-letter').textContent = card.choices.length ? card.choices[card.choices.length - 1].letter : 'A';
  $('card-guide').textContent = card.guide.line;
  $('card-guide').href = card.guide.url;
  const list = $('choices');
  list.replaceChildren();
  card.choices.forEach((choice, i) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'choice';
    b.dataset.position = String(i);
    const letter = document.createElement('span');
    letter.className = 'letter';
    letter.textContent = choice.letter;
    letter.setAttribute('aria-hidden', 'true');
    const text = document.createElement('span');
    text.innerHTML = choice.text_html;
    b.setAttribute('aria-label', choice.letter + '. ' + choice.text);
    b.append(letter, text);
    b.addEventListener('click', () => answer(i));
    li.append(b);
    list.append(li);
  });
  const first = list.querySelector('button');
  if (first) first.focus({ preventScroll: true });
}

function renderSummary(summary) {
  $('summary').hidden = false;
  $('summary-title').textContent = summary ? summary.title : '';
  const list = $('summary-lines');
  list.replaceChildren();
  for (const line of summary ? summary.lines : []) {
    const li = document.createElement('li');
    li.textContent = line;
    list.append(li);
  }
  $('restart').focus({ preventScroll: true });
}

function renderFeedback(f) {
  const box = $('feedback');
  box.classList.toggle('right', f.correct);
  box.classList.toggle('wrong', !f.correct);
  $('verdict').textContent = f.verdict;
  $('chosen-block').hidden = f.correct;
  $('chosen-line').textContent = f.chosen_line;
  // The catalogue's line usually names the confusion already; repeat it only when it does not.
  $('misconception').hidden = !f.misconception || f.chosen_line.includes(f.misconception);
  $('misconception').textContent = f.misconception || '';
  $('chosen-explanation').innerHTML = f.chosen.explanation_html;
  $('answer-line').textContent = f.answer_line;
  $('answer-explanation').innerHTML = f.answer.explanation_html;
  const notes = $('notes');
  notes.replaceChildren();
  for (const n of f.notes) {
    const li = document.createElement('li');
    li.textContent = n;
    notes.append(li);
  }
  $('feedback-guide').textContent = f.guide.line;
  $('feedback-guide').href = f.guide.url;
  for (const b of $('choices').querySelectorAll('button')) {
    const p = Number(b.dataset.position);
    b.disabled = true;
    b.classList.toggle('is-answer', p === f.answer.position);
    b.classList.toggle('is-chosen-wrong', !f.correct && p === f.chosen.position);
  }
  $('next').textContent = state.next && state.next.card ? label('next') : label('summary');
  box.hidden = false;
  $('next').focus({ preventScroll: true });
  box.scrollIntoView({ block: 'nearest' });
}

async function start() {
  state.busy = true;
  showStatus(label('loading'));
  try {
    await loadPacks();
    let { status, data } = await call('POST', '/api/play/session',
      { learner: state.learner, lang: state.lang, pack: state.pack });
    if (status === 401 && state.learner) {
      // A token this server no longer accepts (its key changed): start as a new learner.
      state.learner = null;
      ({ status, data } = await call('POST', '/api/play/session', { lang: state.lang, pack: state.pack }));
    }
    if (status !== 200) throw new Error(data && data.error ? data.error : 'HTTP ' + status);
    state.learner = data.learner;
    store.set('learner', data.learner);
    store.set('pack', data.pack);
    showStatus('');
    showHeadsUp(data);
    renderScreen(data);
    loadStats();
  } catch (e) {
    showStatus(label('failed') + ' ' + e.message, true);
  } finally {
    state.busy = false;
  }
}

async function answer(position) {
  if (state.busy || state.answered || !state.card) return;
  state.busy = true;
  try {
    const { status, data } = await call('POST', '/api/play/answer', {
      learner: state.learner, session: state.session, sequence: state.card.sequence, choice: position,
    });
    showHeadsUp(data);
    if (status === 200) {
      state.answered = true;
      state.next = data;
      showStatus('');
      renderFeedback(data.feedback);
      loadStats();
    } else {
      showStatus(data && data.error ? data.error : 'HTTP ' + status, true);
    }
  } catch (e) {
    showStatus(label('failed') + ' ' + e.message, true);
  } finally {
    state.busy = false;
  }
}

function goNext() {
  if (!state.next) return;
  renderScreen(state.next);
}

async function loadStats() {
  if (!state.learner) return;
  const { status, data } = await call('GET', '/api/play/stats?pack=' + encodeURIComponent(state.pack) +
    '&lang=' + state.lang, undefined, state.learner);
  const box = $('stats');
  box.replaceChildren();
  showHeadsUp(data);
  if (status !== 200) return;
  const lines = document.createElement('ul');
  lines.className = 'stats-lines';
  for (const line of data.lines.filter((l) => !/^\s/.test(l))) {
    const li = document.createElement('li');
    li.textContent = line;
    lines.append(li);
  }
  const concepts = document.createElement('ul');
  concepts.className = 'concepts';
  for (const c of data.concepts) {
    const li = document.createElement('li');
    const name = document.createElement('span');
    name.innerHTML = (c.mastered ? '✓ ' : '') + c.label_html;
    const meter = document.createElement('div');
    meter.className = 'meter';
    meter.setAttribute('role', 'img');
    meter.setAttribute('aria-label', c.percent + ' %');
    const bar = document.createElement('div');
    bar.style.width = c.percent + '%';
    meter.append(bar);
    const value = document.createElement('span');
    value.textContent = c.percent + ' %';
    li.append(name, meter, value);
    concepts.append(li);
  }
  box.append(lines, concepts);
}

// Forget-me: the server asks first (its question and buttons), then erases or cancels.
async function forget(confirm) {
  if (!state.learner || state.busy) return;
  const body = { learner: state.learner, lang: state.lang };
  if (confirm !== undefined) body.confirm = confirm;
  const { status, data } = await call('POST', '/api/play/forget', body);
  const asking = status === 200 && data.status === 'confirm';
  $('forget-question').hidden = !asking;
  $('forget-yes').hidden = !asking;
  $('forget-no').hidden = !asking;
  $('forget').hidden = asking;
  const result = $('forget-result');
  if (asking) {
    $('forget-question').textContent = data.question;
    $('forget-yes').textContent = data.yes;
    $('forget-no').textContent = data.no;
    result.hidden = true;
    return;
  }
  result.hidden = false;
  result.textContent = status === 200 ? data.message : (data && data.error ? data.error : 'HTTP ' + status);
  if (status === 200 && (data.status === 'forgotten' || data.status === 'nothing_to_forget')) {
    state.learner = null; // the next session starts a new learner
    try { localStorage.removeItem('quizbot.learner'); } catch (e) { /* private mode */ }
  }
}

function setLanguage(lang) {
  if (lang === state.lang || state.busy) return;
  state.lang = lang;
  store.set('lang', lang);
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
  applyLabels();
  if (window.quizbotRoom && window.quizbotRoom.active()) {
    window.quizbotRoom.relabel(); // a room's own sentences keep the round's language
    loadPacks().catch((e) => showStatus(label('failed') + ' ' + e.message, true));
    return;
  }
  start();
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toUpperCase();
  if (!$('card').hidden && !state.answered && key.length === 1 && key >= 'A' && key <= 'F') {
    const index = key.charCodeAt(0) - 65;
    if (state.card && index < state.card.choices.length) {
      event.preventDefault();
      answer(index);
    }
  }
});

document.addEventListener('DOMContentLoaded', () => {
  state.lang = initialLanguage();
  const stored = store.get('learner');
  state.learner = /^[0-9a-f]{32}\.[0-9a-f]{32}$/.test(stored || '') ? stored : null; // older unsigned ones: gone
  applyLabels();
  for (const b of document.querySelectorAll('button.lang')) {
    b.addEventListener('click', () => setLanguage(b.dataset.lang));
  }
  $('next').addEventListener('click', goNext);
  $('restart').addEventListener('click', start);
  $('refresh-stats').addEventListener('click', loadStats);
  $('forget').addEventListener('click', () => forget());
  $('forget-yes').addEventListener('click', () => forget(true));
  $('forget-no').addEventListener('click', () => forget(false));
  // A room's link opens the room (rooms.js); its review of misses comes back here as a session.
  if (new URLSearchParams(location.search).has('round')) {
    loadPacks().catch((e) => showStatus(label('failed') + ' ' + e.message, true));
  } else {
    start();
  }
});

// For rooms.js: the review of a round's misses is a session like any other.
window.quizbotSession = {
  call,
  store,
  lang: () => state.lang,
  pack: () => state.pack,
  learner: () => state.learner,
  adopt(learner) { state.learner = learner; store.set('learner', learner); },
  show(data) { showStatus(''); renderScreen(data); loadStats(); },
  status: showStatus,
};
