import { inflateSync } from 'node:zlib';

/**
 * What a PDF says, read without a PDF library: the pages it declares and the text shown by its content
 * streams (inflated, hex strings of `TJ` arrays decoded as the standard fonts encode them, WinAnsi).
 * Enough for the labels PDFKit writes; not a general PDF reader.
 */
export interface PdfContent {
  header: string;
  pages: number;
  /** Every shown string, in drawing order, joined by single spaces. */
  text: string;
}

function contentStreams(raw: string): string[] {
  const streams: string[] = [];
  const start = /stream\r?\n/g;
  for (let match = start.exec(raw); match !== null; match = start.exec(raw)) {
    const from = match.index + match[0].length;
    const to = raw.indexOf('endstream', from);
    if (to === -1) break;
    const bytes = Buffer.from(raw.slice(from, to), 'latin1');
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {
      // Not deflated (an image's raw samples) or not a content stream: nothing to read.
    }
    // Past the whole keyword: "endstream" itself ends in "stream", which would open a false stream here.
    start.lastIndex = to + 'endstream'.length;
  }
  return streams;
}

function shownStrings(stream: string): string[] {
  const shown: string[] = [];
  for (const array of stream.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '').join('');
    shown.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return shown;
}

export function readPdf(pdf: Buffer): PdfContent {
  const raw = pdf.toString('latin1');
  const text = contentStreams(raw).flatMap(shownStrings).join(' ').replace(/\s+/g, ' ').trim();
  return { header: raw.slice(0, 8), pages: raw.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0, text };
}
