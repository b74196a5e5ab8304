// Headless Chromium now and then stops giving a page animation frames for good: timers still run,
// but requestAnimationFrame never calls back, so IntersectionObserver and ResizeObserver never
// report and a figure scrolled into view never learns that it is near. Seen on the CI machine under
// load, in the middle of a test, after many frames had come. A page without frames is not one a
// reader could see either, so this is the test browser's fault, not the figures'. The watch probes
// each page every two seconds; when a visible page gets no frame within a second, it brings the page
// to the front and, if that is not enough, changes the viewport's height by a pixel and back (a new
// compositor surface), then sets its lifecycle state back to active with focus emulated (a frozen
// page gets no frames either). Every stall is printed, with what restarted it, so a green run still
// says it needed one, and a test that cannot get its frames back fails on its own wait as before.

const PERIOD_MS = 2000;

/** Whether `page` runs an animation frame within a second (null: no answer, e.g. mid-navigation). */
async function getsFrames(page) {
  try {
    return await page.evaluate(
      () =>
        document.visibilityState !== 'visible' ||
        new Promise((done) => {
          requestAnimationFrame(() => done(true));
          setTimeout(() => done(false), 1000);
        }),
    );
  } catch {
    return null;
  }
}

/** One DevTools command to `page` (Chromium only: elsewhere it throws, and restartFrames goes on). */
async function devtools(page, method, params) {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send(method, params);
  } finally {
    await session.detach().catch(() => {});
  }
}

const kicks = [
  ['brought to the front', (page) => page.bringToFront()],
  [
    'viewport resized by a pixel and back',
    async (page) => {
      const size = page.viewportSize();
      if (!size) return;
      await page.setViewportSize({ ...size, height: size.height + 1 });
      await page.setViewportSize(size);
    },
  ],
  // a page Chromium froze or took focus from: its lifecycle set back to active, focus emulated
  [
    'lifecycle set active and focus emulated',
    async (page) => {
      await devtools(page, 'Page.setWebLifecycleState', { state: 'active' });
      await devtools(page, 'Emulation.setFocusEmulationEnabled', { enabled: true });
    },
  ],
];

/** Restarts frames in a page that stopped getting them; returns a message saying what happened. */
export async function restartFrames(page) {
  for (const [what, kick] of kicks) {
    await kick(page).catch(() => {});
    if (await getsFrames(page)) return `frames restarted (${what})`;
  }
  return 'frames did not restart';
}

/** Watches `page` until it closes or the returned function is called. */
export function watchFrames(page, log = (line) => process.stderr.write(`# ${line}\n`)) {
  let stopped = false,
    stalled = false;
  (async () => {
    while (!stopped && !page.isClosed()) {
      await new Promise((r) => setTimeout(r, PERIOD_MS).unref());
      if (stopped || page.isClosed() || (await getsFrames(page)) !== false) continue;
      const outcome = await restartFrames(page);
      // one line when a stall starts, and one when a lasting stall ends; not one per probe
      if (!stalled) log(`no animation frame within 1 s at ${page.url()}: ${outcome}`);
      else if (outcome !== 'frames did not restart') log(`${outcome} at ${page.url()}`);
      stalled = outcome === 'frames did not restart';
    }
  })();
  return () => {
    stopped = true;
  };
}
