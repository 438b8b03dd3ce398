// Builds examples/web/rules.js, the page's "How to play" panel, from the
// project's own rules reference doc/rules.md: the sections each game needs,
// turned into HTML (the few markdown constructs the reference uses:
// paragraphs, lists -- "- " and numbered "1. ", nested --, tables,
// **bold**, *italic*, `code`), and before them a short overview of each
// game, the page's own words (tools/overviews.md). The paragraphs
// about the library's functions ("*In the library:*") are left out: they
// are for programmers, not players.
//
//   node examples/web/tools/rules.mjs          writes rules.js
//   node examples/web/tools/rules.mjs --check  fails when rules.js is stale
// (test/rules.test.js runs the check: rules.js follows doc/rules.md.)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
export const SOURCE = here('../../../doc/rules.md');
export const OVERVIEWS = here('./overviews.md');
export const TARGET = here('../rules.js');

// The sections of doc/rules.md each game's panel shows, in order.
const CLASSIC = ['3.1', '2.1', '2.2'];
export const GAMES = {
  battlefield: ['4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7', '4.8', '2.3', '2.1'],
  classic: CLASSIC,
  'five-card': [...CLASSIC, '3.5'],
  noddy: [...CLASSIC, '3.6'],
  backward: [...CLASSIC, '3.7'],
  solitaire: [...CLASSIC, '3.8'],
  'crib-wars': [...CLASSIC, '3.9'], // the board and muggins are options of 3.9
  'seven-card': [...CLASSIC, '3.10'],
  captains: [...CLASSIC, '3.10'],
};

const escape = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inline(text) {
  const codes = [];
  let t = text.replace(/`([^`]+)`/g, (_, c) => {
    codes.push(`<code>${escape(c)}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  t = escape(t)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*\s][^*]*)\*/g, '<em>$1</em>');
  return t.replace(/\u0000(\d+)\u0000/g, (_, i) => codes[Number(i)]);
}

// A list item's marker: "- " or a number and a dot ("1. "); its text
// goes on in the lines indented by the marker's width.
const ITEM = /^(- |\d+\. )/;
const isItem = (l) => ITEM.test(l);
// Inside a paragraph only "- " or "1. " starts a list (as in CommonMark): a
// line of a wrapped sentence may begin with a number ("31. If ...").
const interrupts = (l) => /^(- |1\. )/.test(l);
const isRow = (l) => l.trim().startsWith('|');

function table(rows) {
  const cells = (r) => r.trim().replace(/^\||\|$/g, '').split('|').map((c) => inline(c.trim()));
  const [head, , ...body] = rows;
  return '<table><thead><tr>' + cells(head).map((c) => `<th>${c}</th>`).join('') + '</tr></thead><tbody>' +
    body.map((r) => '<tr>' + cells(r).map((c) => `<td>${c}</td>`).join('') + '</tr>').join('') + '</tbody></table>';
}

// A list from line i: its items (each item's lines, the marker's indent
// taken off, rendered as blocks of their own) and the line after it. The
// list is numbered (<ol>) when its first marker is.
function list(lines, i) {
  const ordered = /^\d/.test(lines[i]);
  const items = [];
  let indent = 0;
  while (i < lines.length) {
    const m = lines[i];
    const marker = m.match(ITEM);
    const pad = (l) => l.length - l.trimStart().length >= indent;
    if (marker && /^\d/.test(marker[1]) === ordered) {
      indent = marker[1].length;
      items.push([m.slice(indent)]);
    } else if (m.trim() !== '' && pad(m)) items.at(-1).push(m.slice(indent));
    else if (m.trim() === '' && i + 1 < lines.length && lines[i + 1].trim() !== '' && pad(lines[i + 1])) items.at(-1).push('');
    else break;
    i++;
  }
  const tag = ordered ? 'ol' : 'ul';
  return [`<${tag}>` + items.map((it) => `<li>${blocks(it)}</li>`).join('') + `</${tag}>`, i];
}

// Lines of markdown to HTML blocks.
function blocks(lines) {
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const l = lines[i];
    if (l.trim() === '') {
      i++;
    } else if (isItem(l)) {
      let html;
      [html, i] = list(lines, i);
      out.push(html);
    } else if (isRow(l)) {
      const rows = [];
      while (i < lines.length && isRow(lines[i])) rows.push(lines[i++]);
      out.push(table(rows));
    } else {
      const para = [];
      para.push(lines[i++].trim());
      while (i < lines.length && lines[i].trim() !== '' && !interrupts(lines[i]) && !isRow(lines[i])) para.push(lines[i++].trim());
      const text = para.join(' ');
      if (!/^\*In the library:\*/.test(text)) out.push(`<p>${inline(text)}</p>`);
    }
  }
  return out.join('');
}

// doc/rules.md's numbered sections: { '2.1': { title, html }, ... }; a
// "## N." section holds its text before its first subsection.
export function sections(md) {
  const out = {};
  let cur = null;
  for (const line of md.split('\n')) {
    const h = line.match(/^#{2,3} (\d+(?:\.\d+)?)\.? (.*)$/);
    if (h) {
      cur = { num: h[1], title: `${h[1]} ${h[2]}`, lines: [] };
      out[h[1]] = cur;
    } else if (/^#/.test(line)) {
      cur = null;
    } else if (cur) {
      cur.lines.push(line);
    }
  }
  const res = {};
  for (const [num, s] of Object.entries(out)) res[num] = { title: s.title, html: blocks(s.lines) };
  return res;
}

// tools/overviews.md: "## game" headings (the names of GAMES), each
// followed by that game's overview in markdown: { game: html }.
export function overviews(md) {
  const out = {};
  let cur = null;
  for (const line of md.split('\n')) {
    const h = line.match(/^## (\S+)\s*$/);
    if (h) out[(cur = h[1])] = [];
    else if (/^#/.test(line)) cur = null;
    else if (cur) out[cur].push(line);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, blocks(v)]));
}

export function build(md, overviewMd) {
  const all = sections(md);
  const over = overviews(overviewMd);
  for (const game of Object.keys(GAMES))
    if (!over[game]) throw new Error(`tools/overviews.md has no overview of ${game}`);
  const used = {};
  for (const [game, nums] of Object.entries(GAMES))
    for (const n of nums) {
      if (!all[n]) throw new Error(`doc/rules.md has no section ${n} (wanted by ${game})`);
      used[n] = all[n];
    }
  return '// Generated by examples/web/tools/rules.mjs from doc/rules.md: do not edit.\n' +
    '// The "How to play" panel of the page: the sections of the rules each game needs.\n' +
    `export const SECTIONS = ${JSON.stringify(used, null, 1)};\n` +
    `export const GAMES = ${JSON.stringify(GAMES)};\n` +
    '// Each game in a few lines, before the reference (tools/overviews.md).\n' +
    `export const OVERVIEWS = ${JSON.stringify(over, null, 1)};\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = build(readFileSync(SOURCE, 'utf8'), readFileSync(OVERVIEWS, 'utf8'));
  if (process.argv.includes('--check')) {
    let now = '';
    try {
      now = readFileSync(TARGET, 'utf8');
    } catch {}
    if (now !== text) {
      console.error('examples/web/rules.js is not up to date with doc/rules.md and tools/overviews.md: run node examples/web/tools/rules.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(TARGET, text);
  }
}
