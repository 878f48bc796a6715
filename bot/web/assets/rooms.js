// SPDX-License-Identifier: MIT
// The playground's rooms: a study group plays one round together. Talks to /api/rooms/*; every page in the room
// waits for the round's next change (long polling, at most one request a second) and shows the same question,
// reveal and scoreboard. Names are shown as text, never as markup.
'use strict';

(() => {
  const LABELS = {
    en: {
      together: 'Study with others', name: 'Your name', questions: 'Questions', seconds: 'Seconds per question',
      create: 'Create a room', share: 'Share this link with your group:', room: 'Room', join: 'Join the room',
      left: (s) => (s > 0 ? s + ' s left' : 'time is up'), failed: 'Something went wrong:',
    },
    fr: {
      together: 'Étudier à plusieurs', name: 'Votre nom', questions: 'Questions', seconds: 'Secondes par question',
      create: 'Créer un salon', share: 'Partagez ce lien avec votre groupe :', room: 'Salon', join: 'Rejoindre le salon',
      left: (s) => (s > 0 ? 'encore ' + s + ' s' : 'temps écoulé'), failed: 'Une erreur est survenue :',
    },
  };
  const $ = (id) => document.getElementById(id);
  const session = () => window.quizbotSession; // app.js: the page's learner, language and requests
  const { call, store } = window.quizbotSession;
  const R = {
    round: null, room: null, host: false, revision: -1, screen: null, answered: 0, judged: 0, polling: false,
    timer: null,
  };

  const lang = () => (session() ? session().lang() : 'en');
  const label = (key) => LABELS[lang()][key];

  function failed(status, data) {
    session().status((data && data.error) || label('failed') + ' HTTP ' + status, true);
  }

  function applyLabels() {
    $('together-heading').textContent = label('together');
    $('together-name-label').textContent = label('name');
    $('together-questions-label').textContent = label('questions');
    $('together-seconds-label').textContent = label('seconds');
    $('together-create').textContent = label('create');
    $('together-share-label').textContent = label('share');
    $('room-join-name-label').textContent = label('name');
    $('room-join-button').textContent = label('join');
    $('together-name').value = $('together-name').value || store.get('name') || '';
    $('room-join-name').value = $('room-join-name').value || store.get('name') || '';
  }

  function roomLink() {
    const url = new URL(location.origin + '/');
    url.searchParams.set('round', R.round);
    url.searchParams.set('room', R.room);
    return url.toString();
  }

  function enter(round, room, data) {
    R.round = round;
    R.room = room;
    R.host = store.get('host.' + round) === '1';
    session().adopt(data.learner);
    const url = new URL(location.href);
    url.searchParams.set('round', round);
    url.searchParams.set('room', room);
    history.replaceState(null, '', url);
    for (const solo of ['card', 'feedback', 'summary']) $(solo).hidden = true; // the room replaces the session
    $('room').hidden = false;
    $('room-join').hidden = true;
    $('room-play').hidden = false;
    $('room-title').textContent = label('room') + ' ' + room;
    $('together-link').textContent = roomLink();
    $('together-link').href = roomLink();
    $('together-share').hidden = false;
    render(data.screen);
    if (data.mine) renderJudged(data.mine, data.screen.number);
    if (!R.polling) poll();
  }

  async function create(event) {
    event.preventDefault();
    const name = $('together-name').value.trim();
    store.set('name', name);
    const { status, data } = await call('POST', '/api/rooms', {
      learner: session().learner(), name, lang: lang(), pack: session().pack(),
      questions: Number($('together-questions').value), seconds: Number($('together-seconds').value),
    });
    if (status !== 200) return failed(status, data);
    store.set('host.' + data.round, '1');
    session().status('');
    R.revision = -1;
    enter(data.round, data.room, data);
  }

  async function join(event) {
    if (event) event.preventDefault();
    const name = $('room-join-name').value.trim() || store.get('name');
    if (!name) {
      $('room').hidden = false;
      $('room-join').hidden = false;
      return;
    }
    store.set('name', name);
    const { status, data } = await call('POST', '/api/rooms/' + R.round + '/look', {
      learner: session().learner(), name, lang: lang(), room: R.room,
    });
    if (status !== 200) return failed(status, data);
    session().status('');
    enter(R.round, R.room, data);
  }

  // One request waits for the next change; the next one starts a second after the last one did, at the earliest.
  async function poll() {
    R.polling = true;
    while (R.round) {
      const started = Date.now();
      try {
        const { status, data } = await call('GET', '/api/rooms/' + R.round + '/wait?room=' +
          encodeURIComponent(R.room) + '&after=' + Math.max(R.revision, 0));
        if (status === 200) render(data);
        else if (status === 409) await join();
      } catch (e) { /* the server restarts: try again */ }
      const rest = 1000 - (Date.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    R.polling = false;
  }

  function countdown() {
    clearInterval(R.timer);
    const card = R.screen && R.screen.stage === 'open' ? R.screen.card : null;
    const tick = () => {
      const left = card ? Math.max(0, Math.ceil((card.deadline_ms - Date.now()) / 1000)) : 0;
      $('room-countdown').textContent = card ? ' · ' + label('left')(left) : '';
    };
    tick();
    if (card) R.timer = setInterval(tick, 1000);
  }

  function renderChoices(s) {
    const list = $('room-choices');
    list.replaceChildren();
    if (!s.card) return;
    s.card.choices.forEach((choice, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'choice';
      b.dataset.position = String(i);
      const letter = document.createElement('span');
      letter.className = 'letter';
      letter.textContent = choice.letter;
      const text = document.createElement('span');
      text.innerHTML = choice.text_html; // the server's rendering, every source character escaped
      b.append(letter, text);
      b.disabled = s.stage !== 'open' || R.answered === s.card.sequence;
      if (s.reveal) b.classList.toggle('is-answer', i === s.reveal.answer.position);
      b.addEventListener('click', () => answer(i));
      li.append(b);
      list.append(li);
    });
  }

  function renderReveal(s) {
    const r = s.reveal;
    $('room-reveal').hidden = !r;
    if (!r) return;
    $('room-closed').textContent = r.closed_line;
    const bars = $('room-distribution');
    bars.replaceChildren();
    const most = Math.max(1, ...r.distribution.map((d) => d.count));
    for (const d of r.distribution) {
      const li = document.createElement('li');
      li.classList.toggle('is-answer', d.correct);
      const line = document.createElement('span');
      line.textContent = d.line;
      const meter = document.createElement('div');
      meter.className = 'meter';
      const bar = document.createElement('div');
      bar.style.width = Math.round(100 * d.count / most) + '%';
      meter.append(bar);
      li.append(line, meter);
      bars.append(li);
    }
    $('room-answer-line').innerHTML = r.answer_line_html;
    $('room-answer-explanation').innerHTML = r.answer.explanation_html;
    $('room-common').hidden = !r.common;
    if (r.common) {
      $('room-common-line').textContent = r.common.line;
      $('room-common-confusion').textContent = r.common.confusion;
      $('room-common-explanation').innerHTML = r.common.explanation_html;
    }
    $('room-guide').textContent = r.guide ? r.guide.line : '';
    $('room-guide').href = r.guide ? r.guide.url : '#';
  }

  function renderJudged(mine, number) {
    R.judged = number;
    $('room-mine').hidden = true; // "your answer is in" gives way to its judgement
    $('room-judged').hidden = false;
    $('room-judged').classList.toggle('right', mine.correct);
    $('room-judged').classList.toggle('wrong', !mine.correct);
    $('room-verdict').textContent = mine.verdict;
    $('room-judged-explanation').innerHTML = mine.chosen.explanation_html;
  }

  function renderEnd(s) {
    const ended = s.stage === 'ended';
    $('room-end').hidden = !ended;
    $('room-play').hidden = ended; // the scoreboard replaces the last question
    if (!ended) return;
    $('room-over').textContent = s.over;
    $('room-scoreboard-title').textContent = s.scoreboard_title;
    const list = $('room-scores');
    list.replaceChildren();
    for (const line of s.scores) {
      const li = document.createElement('li');
      li.textContent = line.line; // names as text
      list.append(li);
    }
    $('room-hardest').textContent = s.hardest_line;
    $('room-review').textContent = s.labels.review;
  }

  function render(s) {
    if (!s || s.revision <= R.revision) return;
    const newQuestion = !R.screen || R.screen.number !== s.number;
    R.revision = s.revision;
    R.screen = s;
    if (newQuestion) {
      $('room-mine').textContent = '';
      $('room-mine').hidden = true;
      $('room-judged').hidden = true;
    }
    $('room-host').textContent = s.host_line;
    $('room-header').textContent = s.header;
    $('room-answered').textContent = s.answered_line;
    $('room-stem').innerHTML = s.card ? s.card.stem_html : '';
    renderChoices(s);
    renderReveal(s);
    renderEnd(s);
    countdown();
    $('room-host-actions').hidden = !R.host || s.stage === 'ended';
    $('room-reveal-button').hidden = s.stage !== 'open';
    $('room-next-button').hidden = s.stage !== 'revealed';
    $('room-reveal-button').textContent = s.labels.reveal;
    $('room-next-button').textContent = s.labels.next;
    $('room-end-button').textContent = s.labels.end;
    // Once revealed, how my own answer is judged (asked once per question).
    if (s.stage !== 'open' && s.reveal && R.answered === (s.card && s.card.sequence) && R.judged !== s.number) {
      R.judged = s.number;
      call('POST', '/api/rooms/' + R.round + '/look', {
        learner: session().learner(), name: store.get('name') || '-', lang: lang(), room: R.room,
      }).then(({ status, data }) => { if (status === 200 && data.mine) renderJudged(data.mine, s.number); });
    }
  }

  async function answer(position) {
    const s = R.screen;
    if (!s || s.stage !== 'open' || R.answered === s.card.sequence) return;
    const { status, data } = await call('POST', '/api/rooms/' + R.round + '/answer', {
      learner: session().learner(), lang: lang(), room: R.room, sequence: s.card.sequence, choice: position,
    });
    if (status !== 200) return failed(status, data);
    R.answered = s.card.sequence;
    $('room-mine').textContent = data.message;
    $('room-mine').hidden = false;
    for (const b of $('room-choices').querySelectorAll('button')) {
      b.disabled = true;
      b.classList.toggle('is-chosen', Number(b.dataset.position) === data.position);
    }
  }

  async function host(action) {
    const { status, data } = await call('POST', '/api/rooms/' + R.round + '/' + action, {
      learner: session().learner(), lang: lang(), room: R.room,
    });
    if (status !== 200) return failed(status, data);
    if (data.screen) render(data.screen);
  }

  async function review() {
    const { status, data } = await call('POST', '/api/rooms/' + R.round + '/review', {
      learner: session().learner(), lang: lang(), room: R.room,
    });
    if (status === 409 && data) return session().status(data.error, false);
    if (status !== 200) return failed(status, data);
    session().show(data);
    $('card').scrollIntoView({ block: 'start' });
  }

  document.addEventListener('DOMContentLoaded', () => {
    applyLabels();
    $('together-form').addEventListener('submit', create);
    $('room-join').addEventListener('submit', join);
    $('room-reveal-button').addEventListener('click', () => host('reveal'));
    $('room-next-button').addEventListener('click', () => host('next'));
    $('room-end-button').addEventListener('click', () => host('end'));
    $('room-review').addEventListener('click', review);
    const params = new URLSearchParams(location.search);
    if (params.has('round') && params.has('room')) {
      R.round = Number(params.get('round'));
      R.room = params.get('room');
      $('room').hidden = false;
      $('room-title').textContent = label('room') + ' ' + R.room;
      $('room-join').hidden = false;
      if (store.get('name')) join();
    }
  });
  window.quizbotRoom = { active: () => R.round !== null, relabel: applyLabels };
})();
