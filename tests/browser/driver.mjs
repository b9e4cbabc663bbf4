// Drives headless Chromium (Debian's /usr/bin/chromium, through
// playwright-core) for server/tests/browser.rs: reads one JSON command per
// line on stdin, answers one JSON line on stdout ({"ok":true,...} or
// {"ok":false,"error":"..."}). Every wait is bounded by its `timeout_ms`.
import { chromium } from 'playwright-core';
import readline from 'node:readline';

const executablePath = process.env.POSEWIRE_CHROMIUM || '/usr/bin/chromium';
// launch() gives Chromium a fresh, empty profile (--user-data-dir) of its own.
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  ],
});
let page = null;
const consoleLines = [];

async function run(c) {
  const timeout = c.timeout_ms ?? 20000;
  switch (c.cmd) {
    case 'open': {
      if (page) await page.close();
      page = await browser.newPage({ viewport: { width: c.width ?? 1280, height: c.height ?? 720 }, ignoreHTTPSErrors: !!c.insecure_tls });
      page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
      await page.goto(c.url, { timeout });
      return {};
    }
    case 'wait-frames': {
      // At least `count` more frames than now.
      const start = await page.evaluate(() => window.posewire?.status.framesReceived ?? 0);
      await page.waitForFunction(
        ([s, n]) => (window.posewire?.status.framesReceived ?? 0) >= s + n,
        [start, c.count], { timeout, polling: 100 });
      return { frames: await page.evaluate(() => window.posewire.status.framesReceived) };
    }
    case 'wait-text': {
      await page.waitForFunction(
        ([sel, text]) => document.querySelector(sel)?.textContent.includes(text),
        [c.selector, c.text], { timeout, polling: 100 });
      return { text: await page.textContent(c.selector) };
    }
    case 'wait-visible': {
      await page.waitForSelector(c.selector, { state: 'visible', timeout });
      return {};
    }
    case 'fill': {
      await page.fill(c.selector, c.value, { timeout });
      return {};
    }
    case 'click': {
      await page.click(c.selector, { timeout });
      return {};
    }
    case 'select': {
      await page.selectOption(c.selector, c.value, { timeout });
      return {};
    }
    case 'eval': {
      return { value: await page.evaluate(c.expression) };
    }
    case 'sleep': {
      await new Promise((r) => setTimeout(r, c.ms));
      return {};
    }
    case 'screenshot': {
      await page.screenshot({ path: c.path, timeout });
      return {};
    }
    case 'console': {
      return { lines: consoleLines.splice(0) };
    }
    default:
      throw new Error(`unknown command ${c.cmd}`);
  }
}

const lines = readline.createInterface({ input: process.stdin });
console.log(JSON.stringify({ ok: true, ready: true, chromium: browser.version() }));
for await (const line of lines) {
  if (!line.trim()) continue;
  let reply;
  try {
    const command = JSON.parse(line);
    if (command.cmd === 'quit') break;
    reply = { ok: true, ...(await run(command)) };
  } catch (e) {
    reply = { ok: false, error: String(e.message || e).split('\n')[0] };
  }
  console.log(JSON.stringify(reply));
}
await browser.close();
