// Opens /docs in headless Chromium at each width and fails when the page is
// wider than the viewport or a table header breaks inside a word; then
// searches it as a reader would and fails unless its sidebar and its main
// column both list what the route finder ranks, in its order, and it says
// which matches are strong, which weak, or that nothing matches; cleared,
// the main column is back in catalog order.
//   node check-docs-layout.mjs URL
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const url = process.argv[2];
const finder = new URL("/api/routes/find", url);
const profile = mkdtempSync(join(tmpdir(), "docs-chromium-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const failures = [];
const fail = (what) => { failures.push(what); console.error(what); };

// layout measures the page at the viewport's width: the page's own width,
// the widest elements past the right edge and the table headers broken
// inside a word (a word whose text wraps onto two lines).
function layout() {
  const width = window.innerWidth;
  const past = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.right > width + 0.5 && ![...el.children].some((c) => c.getBoundingClientRect().right >= r.right)) {
      past.push(`${el.tagName.toLowerCase()}${el.className ? "." + el.className : ""} in ${el.closest("[id]")?.id || "body"}: right edge at ${Math.round(r.right)}px`);
    }
  }
  const broken = [];
  for (const th of document.querySelectorAll("th")) {
    const text = th.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const range = document.createRange();
    for (const m of text.data.matchAll(/\S+/g)) {
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
    }
  }
  return { width, scrollWidth: document.documentElement.scrollWidth, past: past.slice(0, 10), broken: [...new Set(broken)] };
}

// shown is what the page lists after a search: the sidebar's results in
// order, the tool sections left visible in the main column's order and the
// status line.
function shown() {
  const visible = (el) => el.offsetParent !== null;
  return {
    results: [...document.querySelectorAll("#results li a")].filter(visible).map((a) => a.textContent),
    sections: [...document.querySelectorAll("section.tool")].filter(visible).map((s) => s.id),
    status: document.getElementById("search-status").textContent,
  };
}

// says is the status line the page owes a search the route finder answered
// with found, its matches labelled strong or weak.
function says(q, found) {
  const strong = found.filter((m) => m.match === "strong").length, weak = found.length - strong;
  const more = weak ? ` ${weak} more ${weak > 1 ? "are" : "is"} loosely related.` : "";
  if (strong > 1) return `${strong} tools match, best first.${more}`;
  if (strong) return `1 tool matches.${more}`;
  if (weak) return `No tool fits “${q}” well;`;
  return `No tool matches “${q}”.`;
}

try {
  const page = await browser.newPage();
  for (const width of [390, 1280]) {
    // The context's own viewport stands unless the page is resized.
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url, { waitUntil: "load" });
    const seen = await page.evaluate(layout);
    if (seen.width !== width) fail(`${width}px: the viewport is ${seen.width}px wide`);
    if (seen.scrollWidth > width) fail(`${width}px: the page is ${seen.scrollWidth}px wide: ${seen.past.join("; ")}`);
    if (seen.broken.length) fail(`${width}px: table headers break inside ${seen.broken.join(", ")}`);
    console.log(`${width}px: page ${seen.scrollWidth}px wide, ${seen.broken.length} headers broken inside a word`);
  }

  const catalog = (await page.evaluate(shown)).sections;
  for (const q of ["polymarket arbitrage", "sec filings", "earthquakes near a city", "check a url for phishing", "zzqxj vvkrw"]) {
    const found = (await (await fetch(`${finder}?q=${encodeURIComponent(q)}`)).json()).matches;
    const want = found.map((m) => m.name);
    await page.fill("#search", q);
    await page.waitForFunction((q) => document.getElementById("search").dataset.shown === q, q);
    const got = await page.evaluate(shown);
    if (got.results.join() !== want.join()) fail(`search "${q}": the sidebar lists ${got.results.join(",")}, the route finder ${want.join(",")}`);
    if (got.sections.join() !== want.join()) fail(`search "${q}": the main column shows ${got.sections.join(",")}, the route finder ${want.join(",")}`);
    if (!got.status.startsWith(says(q, found))) fail(`search "${q}": says "${got.status}", want "${says(q, found)}..."`);
    console.log(`search "${q}": ${got.results.length} results, first ${got.sections[0] || "none"}, "${got.status}"`);
  }
  await page.fill("#search", "");
  await page.waitForFunction(() => document.getElementById("search").dataset.shown === "");
  const all = await page.evaluate(shown);
  if (all.sections.join() !== catalog.join() || all.status !== "") fail(`search cleared: ${all.sections.length} of ${catalog.length} sections shown, in catalog order: ${all.sections.join() === catalog.join()}, status "${all.status}"`);
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failures.length ? 1 : 0);
