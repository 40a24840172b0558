import PDFDocument from 'pdfkit';

export type PdfDoc = InstanceType<typeof PDFDocument>;
export type PdfOptions = ConstructorParameters<typeof PDFDocument>[0];

/** Points in a millimetre, and an A4 page in points. */
export const MM = 72 / 25.4;
export const A4 = { width: 210 * MM, height: 297 * MM };

/**
 * The built-in PDF fonts only know Windows-1252: accents are folded ("Tāmati" -> "Tamati") and anything
 * else becomes "?", so a name never prints as garbage.
 */
export function pdfText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐-―]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** A PDF drawn by `draw` on a new document, as one buffer once the document has ended. */
export function renderPdf(options: PdfOptions, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  const doc = new PDFDocument(options);
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
  doc.font(layout.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(layout.fontSize);
  cells.forEach((text, index) => {
    const column = columns[index];
    if (column === undefined) return;
    doc.text(pdfText(text), x + 2, y, { width: column.width - 4, align: column.align, lineBreak: false, ellipsis: true });
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
