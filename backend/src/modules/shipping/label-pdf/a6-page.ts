import type bwipjs from 'bwip-js';
import { drawLine, fitWidth, MM, textWidth, type PdfDoc, type PdfStyle } from '../../../platform/pdf/pdf-document';

/** A6, the size thermal label printers take: 105 x 148 mm. */
export const PAGE = { width: 105 * MM, height: 148 * MM };
export const MARGIN = 5 * MM;
export const INNER = PAGE.width - 2 * MARGIN;

export type Doc = PdfDoc;

type Align = 'left' | 'right' | 'center';

/** Greedy word wrap in `style`; a word wider than the line is cut where it must be (`cut`). */
function wrap(doc: Doc, text: string, width: number, style: PdfStyle): { lines: string[]; cut: boolean } {
  const fits = (value: string) => textWidth(doc, value, style) <= width;
  if (fits(text)) return { lines: [text], cut: false };
  const lines: string[] = [];
  let cut = false;
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = [...word];
    while (!fits(rest.join('')) && rest.length > 1) {
      let at = rest.length - 1;
      while (at > 1 && !fits(rest.slice(0, at).join(''))) at -= 1;
      lines.push(rest.slice(0, at).join(''));
      rest = rest.slice(at);
      cut = true;
    }
    line = rest.join('');
  }
  if (line !== '') lines.push(line);
  return { lines, cut };
}

/**
 * Text that fits its box: the largest size from `size` down to `minSize` at which it takes at most
 * `maxLines` lines without cutting a word; failing that, the smallest size, cut where it must be and
 * ended with an ellipsis. Returns the y under the text.
 */
export function fittedText(
  doc: Doc,
  raw: string,
  x: number,
  y: number,
  width: number,
  style: { bold?: boolean; size: number; minSize?: number; maxLines?: number; align?: Align },
): number {
  const { bold = false, size, minSize = size * 0.75, maxLines = 1, align = 'left' } = style;
  const text = raw.trim();
  let fontSize = size;
  let wrapped = wrap(doc, text, width, { size: fontSize, bold });
  while ((wrapped.lines.length > maxLines || wrapped.cut) && fontSize - 0.5 >= minSize) {
    fontSize -= 0.5;
    wrapped = wrap(doc, text, width, { size: fontSize, bold });
  }
  let lines = wrapped.lines;
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    // Longer than the box even at the smallest size: the last line ends in an ellipsis.
    lines[maxLines - 1] = fitWidth(doc, `${(lines[maxLines - 1] ?? '').trimEnd()}…`, width, { size: fontSize, bold });
  }
  const lineHeight = fontSize * 1.2;
  lines.forEach((line, index) => drawLine(doc, line, x, y + index * lineHeight, { size: fontSize, bold, width, align }));
  return y + lines.length * lineHeight;
}

export function caption(doc: Doc, text: string, x: number, y: number): number {
  doc.fillColor('#555555');
  drawLine(doc, text, x, y, { size: 6.5, bold: true });
  doc.fillColor('#000000');
  return y + 9;
}

export function rule(doc: Doc, y: number, weight = 0.8): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE.width - MARGIN, y)
    .lineWidth(weight)
    .stroke('#000000');
}

/** The label's date as the brewery's calendar has it (Perth has no daylight saving). */
export function perthDate(iso: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Perth', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );
}

export function barcodePng(text: string): Promise<Buffer> {
  // Loaded with the first label drawn, not at start: the barcode writer is 2 MB of code.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const barcodes = require('bwip-js') as typeof bwipjs;
  // Human-readable digits are drawn by the PDF itself below the bars, so they stay searchable text.
  return barcodes.toBuffer({
    bcid: 'code128',
    text,
    scale: 4,
    height: 16,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
}
