import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// A reviewer pages through a screenshot folder in a browser (issue 25 item 8): one section per
// screen, its shots side by side (each language at 375 and 1280 px), previous and next links
// and the arrow keys to move on. Written from the files found, so any set of shots gets one.

const SHOT = /^(.+?)(?:-(en|nl|de|fr|es|it|pl|da|nb|sv|fi))?-(375|1280)\.png$/;

interface Screen {
  name: string;
  shots: Array<{ file: string; label: string; width: number }>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function group(files: string[]): Screen[] {
  const screens = new Map<string, Screen>();
  for (const file of files.sort()) {
    const match = SHOT.exec(file);
    if (!match) continue;
    const [, name, locale, width] = match as unknown as [
      string,
      string,
      string | undefined,
      string,
    ];
    const screen = screens.get(name) ?? { name, shots: [] };
    screen.shots.push({
      file,
      label: `${locale ? `${locale} · ` : ''}${width} px`,
      width: Number(width),
    });
    screens.set(name, screen);
  }
  // Within a screen: language, then the phone before the desktop.
  for (const screen of screens.values()) {
    screen.shots.sort(
      (a, b) => a.label.split(' ')[0]!.localeCompare(b.label.split(' ')[0]!) || a.width - b.width,
    );
  }
  return [...screens.values()];
}

function page(screens: Screen[]): string {
  const sections = screens.map((screen, index) => {
    const previous = screens[index - 1];
    const next = screens[index + 1];
    const shots = screen.shots
      .map(
        (shot) => `<figure class="w${shot.width}"><figcaption>${escapeHtml(shot.label)}</figcaption>
<a href="${encodeURI(shot.file)}"><img src="${encodeURI(shot.file)}" alt="${escapeHtml(`${screen.name}, ${shot.label}`)}" loading="lazy"></a></figure>`,
      )
      .join('\n');
    return `<section id="${escapeHtml(screen.name)}">
<h2>${index + 1}. ${escapeHtml(screen.name)}</h2>
<nav class="step">${previous ? `<a href="#${escapeHtml(previous.name)}" rel="prev">← ${escapeHtml(previous.name)}</a>` : '<span></span>'}
<a href="#top">index</a>
${next ? `<a href="#${escapeHtml(next.name)}" rel="next">${escapeHtml(next.name)} →</a>` : '<span></span>'}</nav>
<div class="shots">${shots}</div>
</section>`;
  });
  const list = screens
    .map(
      (screen) =>
        `<li><a href="#${escapeHtml(screen.name)}">${escapeHtml(screen.name)}</a> (${screen.shots.length})</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Screenshots: ${screens.length} screens</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:0;padding:1rem 1.5rem;background:#f4f4f6;color:#222}
h1{margin:.2rem 0 1rem}ol.index{columns:4 14rem;padding-left:1.5rem}
section{background:#fff;border-radius:10px;padding:1rem;margin:1.5rem 0;box-shadow:0 1px 3px rgba(0,0,0,.08)}
section:target{outline:3px solid #db2777}
h2{margin:0 0 .5rem;font-size:1.15rem}.step{display:flex;justify-content:space-between;margin-bottom:.75rem}
.shots{display:flex;gap:1rem;align-items:flex-start;overflow-x:auto}
figure{margin:0;flex:none}figcaption{font-size:.85rem;color:#555;margin-bottom:.25rem}
figure img{display:block;border:1px solid #ddd;max-height:900px;object-fit:contain;object-position:top}
.w375 img{width:375px}.w1280 img{width:640px}
</style></head>
<body id="top"><h1>${screens.length} screens</h1>
<p>Each screen at 375 and 1280 px; click a shot for its full size. Keys: → next screen, ← previous.</p>
<ol class="index">${list}</ol>
${sections.join('\n')}
<script>
const ids=[...document.querySelectorAll('section')].map(s=>s.id);
addEventListener('keydown',e=>{const at=ids.indexOf(location.hash.slice(1));
if(e.key==='ArrowRight'&&at<ids.length-1)location.hash=ids[at+1];
if(e.key==='ArrowLeft'&&at>0)location.hash=ids[at-1];});
</script></body></html>
`;
}

/** Writes `index.html` into the folder, listing every `<screen>[-<lang>]-<width>.png` in it. */
export async function writeScreenshotIndex(dir: string): Promise<string> {
  const screens = group(await readdir(dir));
  const file = join(dir, 'index.html');
  await writeFile(file, page(screens));
  return file;
}
