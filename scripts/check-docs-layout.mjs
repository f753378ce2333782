// Opens /docs in headless Chromium at each width and fails when any tool
// section, scrolled into view, makes the page wider than the viewport.
//   node check-docs-layout.mjs URL
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const url = process.argv[2];
const profile = mkdtempSync(join(tmpdir(), "docs-chromium-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
let failures = 0;
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(url, { waitUntil: "load" });
    const wide = await page.evaluate(() => {
      const out = [];
      const sections = [...document.querySelectorAll("section.tool")];
      for (const s of sections) {
        s.scrollIntoView();
        const w = document.documentElement.scrollWidth;
        if (w !== window.innerWidth) out.push(`${s.id}: page ${w}px wide`);
      }
      return { count: sections.length, out };
    });
    if (wide.count === 0) {
      console.error(`${width}px: no tool sections found`);
      failures++;
    }
    for (const line of wide.out) console.error(`${width}px: ${line}`);
    failures += wide.out.length;
    console.log(`${width}px: ${wide.count} tool sections, ${wide.out.length} wider than the viewport`);
    await page.close();
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failures ? 1 : 0);
