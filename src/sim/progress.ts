// Progress of a run on stderr: a bar with games/s and ETA when stderr is a terminal; elsewhere (logs,
// CI, tests) nothing, unless asked for with --progress, which prints a line every few seconds.
import cliProgress from 'cli-progress';

export interface Progress {
  update(finished: number): void;
  stop(): void;
}

const QUIET: Progress = { update: () => {}, stop: () => {} };

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  if (s < 60) return `${Math.round(s)} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${Math.round(s - 60 * m)} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A rate of play in words: "132 games/s", "3.5 games/s", or below one a second "12.0 s a game" (a search run, never "0 games/s"). */
export function formatRate(gamesPerSecond: number): string {
  if (!Number.isFinite(gamesPerSecond) || gamesPerSecond <= 0) return '? games/s';
  if (gamesPerSecond >= 10) return `${gamesPerSecond.toFixed(0)} games/s`;
  if (gamesPerSecond >= 1) return `${gamesPerSecond.toFixed(1)} games/s`;
  return `${(1 / gamesPerSecond).toFixed(1)} s a game`;
}

/** A progress display for `total` games labelled `label` (e.g. "boqueron"). */
export function createProgress(
  total: number,
  label: string,
  opts: { quiet?: boolean; lines?: boolean; stream?: NodeJS.WriteStream } = {},
): Progress {
  if (opts.quiet) return QUIET;
  const stream = opts.stream ?? process.stderr;
  if (!stream.isTTY && !opts.lines) return QUIET;
  const t0 = performance.now();
  const rate = (finished: number) => finished / Math.max(1e-3, (performance.now() - t0) / 1000);
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        hideCursor: true,
        fps: 5,
        etaBuffer: 50,
        barsize: 30,
        format: `${label} {bar} {percentage}% | {value}/{total} games | {rate} | ETA {eta_left}`,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { rate: '? games/s', eta_left: '?' });
    return {
      update: (finished) => {
        const r = rate(finished);
        bar.update(finished, { rate: formatRate(r), eta_left: formatSeconds((total - finished) / r) });
      },
      stop: () => bar.stop(),
    };
  }
  // Not a terminal, and --progress given: a line every 5 s, and a last one if any was written; short runs stay silent.
  let lastLine = t0,
    lines = 0;
  return {
    update: (finished) => {
      const now = performance.now();
      if (finished < total ? now - lastLine < 5000 : lines === 0) return;
      lastLine = now;
      lines++;
      const r = rate(finished);
      stream.write(
        `${label}: ${finished}/${total} games (${((100 * finished) / total).toFixed(0)}%), ${formatRate(r)}, ETA ${formatSeconds((total - finished) / r)}\n`,
      );
    },
    stop: () => {},
  };
}

/** A phase after the games that can take seconds (the telling replays, the report): told step by step. */
export interface Phase {
  step(done: number, total: number): void;
  end(): void;
}

const QUIET_PHASE: Phase = { step: () => {}, end: () => {} };

/**
 * A phase on stderr, shown where the progress bar is: on a terminal a line counting its steps
 * ("boqueron: writing the report 3/20"; with a total of 0, not known ahead, "balance: writing the report, chart 3"),
 * with --progress elsewhere one line as it starts ("boqueron: writing the report (20 files)"; "balance: writing the
 * report"); nothing with --quiet. Each step is told before its work, so the line stands while it is done.
 */
export function createPhase(
  label: string,
  what: string,
  unit: string,
  opts: { quiet?: boolean; lines?: boolean; stream?: NodeJS.WriteStream } = {},
): Phase {
  if (opts.quiet) return QUIET_PHASE;
  const stream = opts.stream ?? process.stderr;
  if (stream.isTTY) {
    let shown = false;
    return {
      step: (done, total) => {
        stream.write(`\r\x1b[K${label}: ${what}${total > 0 ? ` ${done}/${total}` : `, ${unit} ${done}`}`);
        shown = true;
      },
      end: () => {
        if (shown) stream.write('\n');
        shown = false;
      },
    };
  }
  if (!opts.lines) return QUIET_PHASE;
  let said = false;
  return {
    step: (done, total) => {
      if (said || (total > 0 && done >= total)) return;
      said = true;
      stream.write(total > 0 ? `${label}: ${what} (${total} ${unit}${total === 1 ? '' : 's'})\n` : `${label}: ${what}\n`);
    },
    end: () => {},
  };
}
