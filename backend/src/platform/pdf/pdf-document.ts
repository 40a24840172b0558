import { readFileSync } from 'node:fs';
import type { create, Font } from 'fontkit';
import type PDFDocument from 'pdfkit';

export type PdfDoc = InstanceType<typeof PDFDocument>;
export type PdfOptions = ConstructorParameters<typeof PDFDocument>[0];

/*
 * pdfkit and fontkit are loaded with the first paper the shop draws (a label, a pick list, an invoice), not at
 * start: several megabytes of code a shop serving its pages does not need to hold.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const pdfDocument = (): typeof PDFDocument => require('pdfkit') as typeof PDFDocument;
const openFont = (bytes: Buffer): Font => (require('fontkit') as { create: typeof create }).create(bytes) as Font;
/* eslint-enable @typescript-eslint/no-require-imports */

/** Points in a millimetre, and an A4 page in points. */
export const MM = 72 / 25.4;
export const A4 = { width: 210 * MM, height: 297 * MM };

export interface PdfStyle {
  size: number;
  bold?: boolean;
}

/**
 * The Noto faces every paper prints with, in the order a character is looked for: Latin (with Vietnamese),
 * Greek and Cyrillic first, then Chinese and Japanese, Korean, and emoji. Each is embedded as the subset of
 * glyphs the document shows, so a label stays a few kilobytes.
 */
const FACES = [
  {
    name: 'NotoSans',
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  {
    name: 'NotoSansSC',
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  {
    name: 'NotoSansKR',
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
  {
    name: 'NotoEmoji',
    regular: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
    bold: '@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf',
  },
] as const;

type FaceIndex = number;

/** Each face's regular file, read once when a character first needs it: only the cmap is consulted. */
const coverage = new Map<FaceIndex, Font>();

function faceCovers(index: FaceIndex, codePoint: number): boolean {
  let font = coverage.get(index);
  if (font === undefined) {
    const face = FACES[index];
    if (face === undefined) return false;
    font = openFont(readFileSync(require.resolve(face.regular)));
    coverage.set(index, font);
  }
  return font.hasGlyphForCodePoint(codePoint);
}

/** Characters that draw nothing themselves (joiners, variation selectors): they stay with the run before. */
const zeroWidth = (codePoint: number): boolean =>
  (codePoint >= 0x200b && codePoint <= 0x200f) || codePoint === 0x2060 || (codePoint >= 0xfe00 && codePoint <= 0xfe0f);

/** The text cut into runs, each in the first face that has all its characters (the first face when none has one). */
export function textRuns(text: string): { face: FaceIndex; text: string }[] {
  const runs: { face: FaceIndex; text: string }[] = [];
  for (const char of text.normalize('NFC')) {
    const last = runs[runs.length - 1];
    const codePoint = char.codePointAt(0) ?? 0;
    if (last !== undefined && (zeroWidth(codePoint) || faceCovers(last.face, codePoint))) {
      last.text += char;
      continue;
    }
    let face = FACES.findIndex((_, index) => faceCovers(index, codePoint));
    if (face === -1) face = 0;
    if (last !== undefined && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

function fontName(face: FaceIndex, bold: boolean): string {
  return `${FACES[face]?.name ?? 'NotoSans'}-${bold ? 'bold' : 'regular'}`;
}

function useFont(doc: PdfDoc, face: FaceIndex, style: PdfStyle): PdfDoc {
  return doc.font(fontName(face, style.bold === true)).fontSize(style.size);
}

/** The width `text` takes in `style`. */
export function textWidth(doc: PdfDoc, text: string, style: PdfStyle): number {
  return textRuns(text).reduce((sum, run) => sum + useFont(doc, run.face, style).widthOfString(run.text), 0);
}

/** `text` cut with an ellipsis to fit `width`, whole when it fits. */
export function fitWidth(doc: PdfDoc, text: string, width: number, style: PdfStyle): string {
  if (textWidth(doc, text, style) <= width) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(doc, `${chars.join('').trimEnd()}…`, style) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * One line of text at (x, y), each run in its face, placed by hand (pdfkit's `width` may wrap a line that
 * fits to the last point). With `width`, it is cut with an ellipsis to fit, and aligned in it.
 */
export function drawLine(
  doc: PdfDoc,
  text: string,
  x: number,
  y: number,
  style: PdfStyle & { width?: number; align?: 'left' | 'right' | 'center' },
): void {
  const shown = style.width === undefined ? text : fitWidth(doc, text, style.width, style);
  const slack = style.width === undefined ? 0 : style.width - textWidth(doc, shown, style);
  let left = style.align === 'right' ? x + slack : style.align === 'center' ? x + slack / 2 : x;
  for (const run of textRuns(shown)) {
    useFont(doc, run.face, style).text(run.text, left, y, { lineBreak: false });
    left += doc.widthOfString(run.text);
  }
}

/** Text wrapped to `width` from (x, y), each run in its face; the document's y ends under it. */
export function drawParagraph(
  doc: PdfDoc,
  text: string,
  x: number,
  y: number,
  style: PdfStyle & { width: number; align?: 'left' | 'right' | 'center' | 'justify'; lineGap?: number },
): void {
  const runs = textRuns(text);
  runs.forEach((run, index) => {
    const options = { width: style.width, align: style.align ?? 'left', lineGap: style.lineGap ?? 0, continued: index < runs.length - 1 };
    useFont(doc, run.face, style);
    if (index === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
}

/** A PDF drawn by `draw` on a new document with the Noto faces registered, as one buffer once it has ended. */
export function renderPdf(options: PdfOptions, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  const doc = new (pdfDocument())(options);
  for (const [index, face] of FACES.entries()) {
    doc.registerFont(fontName(index, false), require.resolve(face.regular));
    doc.registerFont(fontName(index, true), require.resolve(face.bold));
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return finished;
}

export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/**
 * One row of a table on an A4 page at `left`: each cell on one line (cut with an ellipsis), a thin rule under
 * it; a new page first when the row would come too near the bottom (`reserve` points kept free there).
 */
export function pdfTableRow(
  doc: PdfDoc,
  columns: readonly PdfColumn[],
  cells: readonly string[],
  layout: { left: number; bold: boolean; fontSize: number; height: number; reserve: number },
): void {
  if (doc.y > A4.height - layout.reserve) doc.addPage();
  const y = doc.y;
  let x = layout.left;
  cells.forEach((text, index) => {
    const column = columns[index];
    if (column === undefined) return;
    drawLine(doc, text, x + 2, y, { size: layout.fontSize, bold: layout.bold, width: column.width - 4, align: column.align });
    x += column.width;
  });
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  doc.y = y + layout.height;
  doc
    .moveTo(layout.left, doc.y - 5)
    .lineTo(layout.left + width, doc.y - 5)
    .lineWidth(0.5)
    .stroke('#999999');
}
