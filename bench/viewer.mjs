// How fast the replay viewer is on the campaign's longest replay: of games 0..N-1 of a campaign run
// (balanced against balanced, seed 1), the one with the most events is replayed, and its viewer.html
// opened in headless Chromium: the time from navigation to the first step drawn, then the steps a
// second when stepping forward and back through the whole game (each step drawn and laid out), and
// when stepping once per animation frame (what a reader sees; capped by the frame rate). Measured
// here, never asserted in a test. The machine may be shared: compare runs made side by side.
// node bench/viewer.mjs [games] [out folder] (after npm run build; CHROMIUM_PATH or `chromium` on the PATH)
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

const GAMES = Number(process.argv[2] ?? 10);
const OUT = resolve(process.argv[3] ?? 'reports/out/bench-viewer');
const dist = pathToFileURL(`${resolve('dist')}/`).href;
const { writeReplay } = await import(`${dist}report/replay.js`);
const { prepareRun } = await import(`${dist}sim/spec.js`);
const { playLoggedGames } = await import(`${dist}sim/logged-games.js`);
const { DEFAULT_DATA_DIR } = await import(`${dist}data/load.js`);

const chromium =
  process.env.CHROMIUM_PATH ||
  (() => {
    try {
      return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  })();
if (!chromium) {
  console.error("bench/viewer.mjs: no Chromium (set CHROMIUM_PATH or install Debian's chromium)");
  process.exit(1);
}

const spec = {
  scenario: 'campaign',
  dataDir: DEFAULT_DATA_DIR,
  options: [],
  par: 'balanced',
  bol: 'balanced',
  handicap: [0, 0],
  seed: '1',
  check: false,
};
const { scenario, options } = prepareRun(spec);
let longest = { game: 0, events: -1 };
playLoggedGames({ scenario, options, par: spec.par, bol: spec.bol, seed: spec.seed }, GAMES, (r, i) => {
  if ((r.events?.length ?? 0) > longest.events) longest = { game: i, events: r.events.length };
});
const t0 = performance.now();
const summary = writeReplay({
  scenario: 'campaign',
  seed: '1',
  game: longest.game,
  par: 'balanced',
  bol: 'balanced',
  options: [],
  out: OUT,
});
const writeMs = performance.now() - t0;
const bytes = statSync(summary.viewer).size;

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage();
await page.setViewport({ width: 1400, height: 900 });
const opens = [];
for (let i = 0; i < 3; i++) {
  const start = performance.now();
  await page.goto(pathToFileURL(summary.viewer).href);
  await page.waitForSelector('html[data-ready="1"]');
  opens.push(performance.now() - start);
}
const steps = await page.evaluate('window.chacoViewer.steps');
// Every step drawn and laid out, forward then back.
const drawn = await page.evaluate(`(() => {
  const v = window.chacoViewer, n = v.steps;
  v.go(0);
  let t = performance.now();
  for (let i = 1; i < n; i++) { v.next(); document.body.offsetHeight; }
  const forward = (n - 1) / ((performance.now() - t) / 1000);
  t = performance.now();
  for (let i = n - 2; i >= 0; i--) { v.prev(); document.body.offsetHeight; }
  return { forward, back: (n - 1) / ((performance.now() - t) / 1000) };
})()`);
// One step per animation frame, painted.
const painted = await page.evaluate(`new Promise((done) => {
  const v = window.chacoViewer, n = v.steps;
  v.go(0);
  const t = performance.now();
  const frame = () => { if (v.at() < n - 1) { v.next(); requestAnimationFrame(frame); } else done((n - 1) / ((performance.now() - t) / 1000)); };
  requestAnimationFrame(frame);
})`);
await browser.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `campaign, seed 1, balanced vs balanced: longest of games 0-${GAMES - 1} is game ${longest.game} (${longest.events} events, ${steps} steps)`,
);
console.log(`viewer.html ${(bytes / 1e6).toFixed(2)} MB, written in ${(writeMs / 1000).toFixed(1)} s (with the replay's other files)`);
console.log(`open: ${(median(opens) / 1000).toFixed(2)} s (median of 3: ${opens.map((t) => (t / 1000).toFixed(2)).join(', ')})`);
console.log(`steps drawn and laid out: ${drawn.forward.toFixed(0)}/s forward, ${drawn.back.toFixed(0)}/s back`);
console.log(`steps painted, one an animation frame: ${painted.toFixed(1)}/s`);
console.log(`chromium: ${execFileSync(chromium, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()}`);
