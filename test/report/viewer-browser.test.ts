// viewer.html in a real browser: headless Chromium (Debian's chromium, driven by puppeteer-core) steps
// through a whole game with the keys; no console errors, the counters at the end are the engine's final
// position, a step back and forward gives the same picture, the address opens a named step and the
// exports carry their caption. Screenshots go to the test's temporary folder. Without a Chromium
// (CHROMIUM_PATH, else `which chromium`) the whole file is skipped, and says so.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { replayGame, writeReplay, type ReplayOptions } from '../../src/report/replay.js';
import { byKey, engineStacks, stackFromAttributes, type StackFacts } from './viewer-stacks.js';

/** The Chromium to drive: CHROMIUM_PATH, else the `chromium` on the PATH, else none. */
function chromiumPath(): string | null {
  const given = process.env.CHROMIUM_PATH;
  if (given) return existsSync(given) ? given : null;
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
    return found || null;
  } catch {
    return null;
  }
}

const CHROMIUM = chromiumPath();
if (!CHROMIUM)
  console.warn("test/report/viewer-browser.test.ts: SKIPPED, no Chromium found (set CHROMIUM_PATH or install Debian's chromium)");

// A game that lasts the six turns (game 0 of seed 1 ends in a sudden death on turn 3 since `garrisonFar`), so that the
// address below names a phase it has.
const GAME: Omit<ReplayOptions, 'out'> = { scenario: 'boqueron', seed: '1', game: 1, par: 'balanced', bol: 'balanced', options: [] };

/** Every stack the viewer shows, from its counters' data attributes. */
async function viewerStacks(page: Page): Promise<StackFacts[]> {
  const raw = (await page.evaluate(
    `[...document.querySelectorAll('#layer-2 g.stack, #layer-3 g.stack')].map((g) => ({ ...g.dataset }))`,
  )) as Record<string, string | undefined>[];
  return byKey(raw.map(stackFromAttributes));
}

describe.skipIf(!CHROMIUM)(
  `viewer.html in headless Chromium (${CHROMIUM ?? 'SKIPPED: no Chromium; set CHROMIUM_PATH or install chromium'})`,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'chaco-viewer-browser-'));
    let url = '';
    const errors: string[] = [];
    let browser: Browser;
    let page: Page;

    const open = async (hash = '') => {
      await page.goto(`${url}${hash}`);
      await page.waitForSelector('html[data-ready="1"]', { timeout: 600_000 });
    };
    // The page's own handle (viewer-client.ts), evaluated in the page (the tests compile without the DOM's types).
    const viewer = <T>(expression: string) => page.evaluate(`window.chacoViewer.${expression}`) as Promise<T>;
    const at = () => viewer<number>('at()');
    const steps = () => viewer<number>('steps');
    const shot = async (name: string) => {
      const png = await (await page.$('#view'))!.screenshot({ type: 'png' });
      writeFileSync(join(dir, name), png);
      return Buffer.from(png);
    };

    beforeAll(async () => {
      url = pathToFileURL(writeReplay({ ...GAME, out: dir }).viewer).href;
      browser = await puppeteer.launch({
        executablePath: CHROMIUM!,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      page = await browser.newPage();
      await page.setViewport({ width: 1400, height: 900 });
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warn') errors.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`page error: ${String(e)}`));
      page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
    });
    afterAll(async () => {
      await browser?.close();
    });

    test("steps through the whole game with the arrow key, with no console error, and ends on the engine's final position", async () => {
      await open();
      const n = await steps();
      expect(n).toBeGreaterThan(50);
      expect(await at()).toBe(0);
      await shot('viewer-first.png');
      for (let i = 1; i < n; i++) {
        await page.keyboard.press('ArrowRight');
        if (i === Math.floor(n / 2)) await shot('viewer-middle.png');
      }
      expect(await at()).toBe(n - 1);
      await page.keyboard.press('ArrowRight');
      expect(await at()).toBe(n - 1);
      await shot('viewer-last.png');
      const final = replayGame(GAME).recorded.snapshots.at(-1)!.state;
      const want = engineStacks(final);
      const got = await viewerStacks(page);
      expect(want.length).toBeGreaterThan(10);
      expect(got).toEqual(want);
      expect(errors).toEqual([]);
    });

    test('a step back then forward gives the same picture', async () => {
      await open();
      const n = await steps();
      // The last combat step of the game: arrows, odds and highlights are all drawn.
      const combat = (await page.evaluate(`(() => {
      const s = JSON.parse(document.getElementById('chaco-data').textContent);
      return s.steps.findLastIndex((st) => s.events.slice(st.f, st.t).some((e) => e.type === 'combat'));
    })()`)) as number;
      expect(combat).toBeGreaterThan(0);
      for (const i of [combat, Math.floor(n / 2), n - 1]) {
        await viewer(`go(${i})`);
        const before = await shot(`viewer-step-${i}.png`);
        const svgBefore = await page.$eval('#position', (g) => g.innerHTML.length);
        await page.keyboard.press('ArrowLeft');
        expect(await at()).toBe(i - 1);
        await page.keyboard.press('ArrowRight');
        expect(await at()).toBe(i);
        expect((await shot(`viewer-step-${i}-again.png`)).equals(before)).toBe(true);
        expect(await page.$eval('#position', (g) => g.innerHTML.length)).toBe(svgBefore);
      }
      expect(errors).toEqual([]);
    });

    test('the address opens the step it names, and the exports carry the caption', async () => {
      await open('#t=3&p=movement&side=PAR');
      const caption = await viewer<string>('caption()');
      expect(caption).toMatch(/^Boquerón: .* · seed 1 · game 1 · .* · Turn 3 of 6 \(.*\) · Paraguayan movement phase/);
      expect(await page.evaluate('location.hash')).toBe('#t=3&p=movement&side=PAR');
      const svg = await viewer<string>('exportSvg()');
      expect(svg).toContain('<svg');
      expect(svg).toContain('Turn 3 of 6');
      expect(svg).toContain('seed 1 · game 1');
      writeFileSync(join(dir, 'export.svg'), svg);
      const png = await viewer<string>('exportPng(1)');
      expect(png.startsWith('data:image/png;base64,')).toBe(true);
      const bytes = Buffer.from(png.slice('data:image/png;base64,'.length), 'base64');
      expect(bytes.length).toBeGreaterThan(50_000);
      writeFileSync(join(dir, 'export.png'), bytes);
      // A later step in the same phase is named by its place in the phase.
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(`location.hash === '#t=3&p=movement&side=PAR&n=2'`, { timeout: 600_000 });
      expect(errors).toEqual([]);
    });

    test('supply is shown on request, and a counter clicked lists its stack', async () => {
      await open('#t=3&p=movement&side=PAR');
      expect(await page.evaluate(`document.getElementById('supply').childElementCount`)).toBe(0);
      await page.keyboard.press('s');
      expect(await page.evaluate(`document.getElementById('supply').querySelectorAll('circle.ghq').length`)).toBe(2);
      expect(await page.evaluate(`document.getElementById('supply-info').textContent`)).toMatch(
        /^Paraguay: LOC \d+ MP, radius \d+, .* · Bolivia: LOC/,
      );
      await page.keyboard.press('s');
      expect(await page.evaluate(`document.getElementById('supply').childElementCount`)).toBe(0);
      const stack = (await page.evaluate(`(() => {
      const g = [...document.querySelectorAll('#layer-2 g.stack')].find((s) => s.dataset.units.includes(','));
      g.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      return { units: g.dataset.units.split(',').length, listed: document.querySelectorAll('#stack-info li').length };
    })()`)) as { units: number; listed: number };
      expect(stack.units).toBeGreaterThan(1);
      expect(stack.listed).toBeGreaterThanOrEqual(stack.units);
      expect(errors).toEqual([]);
    });
  },
);
