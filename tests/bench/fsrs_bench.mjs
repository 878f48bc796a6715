// SPDX-License-Identifier: MIT
// The ts-fsrs side of the FSRS benchmark (see fsrs_bench.cpp), and the generator of its review file.
//   node fsrs_bench.mjs --generate <reviews.jsonl> [cards] [reviews per card]
//   node fsrs_bench.mjs <reviews.jsonl> [passes=3]   (prints each pass and the median)
import { readFileSync, writeFileSync } from 'node:fs';
import { createEmptyCard, fsrs } from 'ts-fsrs';

if (process.argv[2] === '--generate') {
  const [path, cards = '20000', perCard = '25'] = process.argv.slice(3);
  let state = 12345;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const minute = 60000;
  const day = 1440 * minute;
  const histories = [];
  for (let c = 0; c < Number(cards); ++c) {
    let t = Date.UTC(2020, 0, 1) + Math.floor(random() * 365 * day);
    const reviews = [];
    for (let i = 0; i < Number(perCard); ++i) {
      const u = random();
      t += u < 0.2 ? Math.floor(random() * 600) * minute : Math.floor(1 + random() * random() * 120) * day;
      const g = random();
      reviews.push({ card: `c${c}`, time: new Date(t).toISOString(), rating: g < 0.12 ? 1 : g < 0.17 ? 2 : g < 0.95 ? 3 : 4 });
    }
    histories.push(reviews);
  }
  // Cards in turn, like a day's mixed queue.
  const lines = [];
  for (let i = 0; i < Number(perCard); ++i) for (const h of histories) lines.push(JSON.stringify(h[i]));
  writeFileSync(path, lines.join('\n') + '\n');
  process.exit(0);
}

const [path, passesText = '3'] = process.argv.slice(2);
const ids = new Map();
const reviews = readFileSync(path, 'utf8').trimEnd().split('\n').map((line) => {
  const { card, time, rating } = JSON.parse(line);
  if (!ids.has(card)) ids.set(card, ids.size);
  return { card: ids.get(card), time: new Date(time), rating };
});
const f = fsrs({ learning_steps: [], relearning_steps: [] });
const passes = Number(passesText);
let checksum = 0;
const rates = [];
for (let pass = 0; pass <= passes; ++pass) { // pass 0 warms the JIT up
  const cards = Array.from({ length: ids.size }, () => createEmptyCard(reviews[0].time));
  const start = process.hrtime.bigint();
  for (const r of reviews) cards[r.card] = f.next(cards[r.card], r.time, r.rating).card;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  for (const c of cards) checksum += c.stability;
  if (pass > 0) {
    rates.push(reviews.length / seconds);
    console.log(`pass ${pass}: ${Math.round(rates.at(-1))} updates/s (${reviews.length} reviews in ${seconds.toFixed(6)} s)`);
  }
}
rates.sort((a, b) => a - b);
console.log(`updates_per_second ${Math.round(rates[Math.floor(rates.length / 2)])}`);
console.log(`checksum ${(checksum / (passes + 1)).toFixed(8)}`);
