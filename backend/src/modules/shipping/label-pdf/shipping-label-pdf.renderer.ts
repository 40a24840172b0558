import bwipjs from 'bwip-js';
import { pdfText, renderPdf, type PdfDoc } from '../../../platform/pdf/pdf-document';
import type { ShippingLabelCreatedData } from '../domain/label.events';

export const ALCOHOL_WARNING = 'Contains alcohol: signature of a person over 18 required, no authority to leave';

const MM = 72 / 25.4;
/** A6, the size thermal label printers take: 105 x 148 mm. */
const PAGE = { width: 105 * MM, height: 148 * MM };
const MARGIN = 5 * MM;
const INNER = PAGE.width - 2 * MARGIN;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

type Doc = PdfDoc;

type Align = 'left' | 'right' | 'center';

/** Greedy word wrap at the current font; a word wider than the line is cut where it must be (`cut`). */
function wrap(doc: Doc, text: string, width: number): { lines: string[]; cut: boolean } {
  if (doc.widthOfString(text) <= width) return { lines: [text], cut: false };
  const lines: string[] = [];
  let cut = false;
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (doc.widthOfString(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (doc.widthOfString(rest) > width && rest.length > 1) {
      let at = rest.length - 1;
      while (at > 1 && doc.widthOfString(rest.slice(0, at)) > width) at -= 1;
      lines.push(rest.slice(0, at));
      rest = rest.slice(at);
      cut = true;
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  return { lines, cut };
}

/**
 * Text that fits its box: the largest size from `size` down to `minSize` at which it takes at most
 * `maxLines` lines without cutting a word; failing that, the smallest size, cut where it must be and
 * ended with an ellipsis. Returns the y under the text.
 */
function fittedText(
  doc: Doc,
  raw: string,
  x: number,
  y: number,
  width: number,
  style: { font: string; size: number; minSize?: number; maxLines?: number; align?: Align },
): number {
  const { font, size, minSize = size * 0.75, maxLines = 1, align = 'left' } = style;
  const text = pdfText(raw).trim();
  doc.font(font);
  let fontSize = size;
  let wrapped = wrap(doc.fontSize(fontSize), text, width);
  while ((wrapped.lines.length > maxLines || wrapped.cut) && fontSize - 0.5 >= minSize) {
    fontSize -= 0.5;
    wrapped = wrap(doc.fontSize(fontSize), text, width);
  }
  let lines = wrapped.lines;
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    let last = lines[maxLines - 1] ?? '';
    while (last.length > 1 && doc.widthOfString(`${last}...`) > width) last = last.slice(0, -1);
    lines[maxLines - 1] = `${last.trimEnd()}...`;
  }
  const lineHeight = fontSize * 1.2;
  lines.forEach((line, index) => {
    // Placed by hand rather than with pdfkit's `width`, which may wrap a line that fits to the last point.
    const slack = width - doc.widthOfString(line);
    const left = align === 'right' ? x + slack : align === 'center' ? x + slack / 2 : x;
    doc.text(line, left, y + index * lineHeight, { lineBreak: false });
  });
  return y + lines.length * lineHeight;
}

function caption(doc: Doc, text: string, x: number, y: number): number {
  doc.font(BOLD).fontSize(6.5).fillColor('#555555').text(text, x, y, { lineBreak: false });
  doc.fillColor('#000000');
  return y + 9;
}

function rule(doc: Doc, y: number, weight = 0.8): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE.width - MARGIN, y)
    .lineWidth(weight)
    .stroke('#000000');
}

/** The label's date as the brewery's calendar has it (Perth has no daylight saving). */
function perthDate(iso: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Perth', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );
}

function barcodePng(consignmentNumber: string): Promise<Buffer> {
  // Human-readable digits are drawn by the PDF itself below the bars, so they stay searchable text.
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: consignmentNumber,
    scale: 4,
    height: 16,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
}

/**
 * The A6 parcel label, drawn from the stored label event alone: the same event always gives the same
 * bytes (the document dates are the label's), so a reprint is the label that was printed.
 */
export async function renderShippingLabelPdf(label: ShippingLabelCreatedData): Promise<Buffer> {
  return renderShippingLabelsPdf([label], {
    Title: `Shipping label, order #${label.orderId}`,
    Subject: `Consignment ${label.consignmentNumber}`,
  });
}

/**
 * Several labels as one PDF for the printer: one A6 label a page, in the order given, dated by the newest
 * label. (PDFKit numbers the embedded barcodes as it finishes decoding them, so two prints of several labels
 * show the same pages but need not be the same bytes; one label always is.)
 */
export async function renderShippingLabelsPdf(
  labels: readonly ShippingLabelCreatedData[],
  info: { Title: string; Subject: string } = {
    Title: `${labels.length} shipping labels`,
    Subject: labels.map((l) => l.consignmentNumber).join(', '),
  },
): Promise<Buffer> {
  const first = labels[0];
  if (first === undefined) throw new RangeError('at least one label is needed');
  const newest = new Date(labels.reduce((latest, label) => (label.createdAt > latest ? label.createdAt : latest), first.createdAt));
  const barcodes = await Promise.all(labels.map((label) => barcodePng(label.consignmentNumber)));
  return renderPdf(
    {
      size: [PAGE.width, PAGE.height],
      margin: 0,
      compress: true,
      autoFirstPage: false,
      info: {
        ...info,
        Author: pdfText(first.sender.name),
        Creator: pdfText(first.sender.name),
        Producer: 'PDFKit',
        CreationDate: newest,
        ModDate: newest,
      },
    },
    (doc) =>
      labels.forEach((label, index) => {
        doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
        drawLabel(doc, label, barcodes[index] as Buffer);
      }),
  );
}

/** One label on the current page. */
function drawLabel(doc: Doc, label: ShippingLabelCreatedData, barcode: Buffer): void {
  // Sender on the left, the order's particulars on the right.
  const leftWidth = INNER * 0.6;
  const rightX = MARGIN + INNER * 0.62;
  const rightWidth = INNER * 0.38;
  const right = (size: number) => ({ font: FONT, size, minSize: 7, align: 'right' as const });
  let y = caption(doc, 'FROM', MARGIN, MARGIN);
  y = fittedText(doc, label.sender.name, MARGIN, y, leftWidth, { font: BOLD, size: 9 });
  for (const part of label.sender.address.split(/,\s*/).filter((p) => p !== ''))
    y = fittedText(doc, part, MARGIN, y, leftWidth, { font: FONT, size: 8 });
  y = fittedText(doc, label.sender.email, MARGIN, y, leftWidth, { font: FONT, size: 8 });

  let ry = fittedText(doc, `Order #${label.orderId}`, rightX, MARGIN, rightWidth, { font: BOLD, size: 15, minSize: 10, align: 'right' });
  ry = fittedText(doc, `${label.cans} can${label.cans === 1 ? '' : 's'} (500 mL)`, rightX, ry + 2, rightWidth, right(9));
  ry = fittedText(doc, `${label.weightKg.toFixed(2)} kg`, rightX, ry, rightWidth, right(9));
  ry = fittedText(doc, perthDate(label.createdAt), rightX, ry, rightWidth, right(9));
  y = Math.max(y, ry) + 5;
  rule(doc, y, 1.5);

  // Recipient: the largest text, as a sorting depot reads it; long names and streets wrap rather than vanish.
  const r = label.recipient;
  y = caption(doc, 'DELIVER TO', MARGIN, y + 7);
  y = fittedText(doc, r.name.toUpperCase(), MARGIN, y + 1, INNER, { font: BOLD, size: 15, minSize: 10, maxLines: 3 });
  y = fittedText(doc, r.addressLine1, MARGIN, y + 2, INNER, { font: FONT, size: 12, minSize: 9, maxLines: 2 });
  if (r.addressLine2 !== null && r.addressLine2.trim() !== '')
    y = fittedText(doc, r.addressLine2, MARGIN, y, INNER, { font: FONT, size: 12, minSize: 9, maxLines: 2 });
  y = fittedText(doc, `${r.suburb.toUpperCase()}  ${r.state}  ${r.postCode}`, MARGIN, y + 1, INNER, { font: BOLD, size: 14, minSize: 9 });
  y = fittedText(doc, `Ph ${r.phone}`, MARGIN, y + 2, INNER, { font: FONT, size: 10, minSize: 8 });
  y += 5;
  rule(doc, y);

  // The warning box sits on the bottom edge; the barcode is centred in the room between.
  const boxHeight = 17 * MM;
  const boxY = PAGE.height - MARGIN - boxHeight;
  const barcodeHeight = 64;
  const blockHeight = barcodeHeight + 4 + 13 * 1.2 + 1 + 7 * 1.2;
  // Every field above is bounded in lines, so this only bites on the longest addresses: the barcode then
  // keeps clear of the warning box rather than of the rule.
  y = Math.min(y + Math.max(6, (boxY - y - blockHeight) / 2), boxY - blockHeight - 4);
  doc.image(barcode, MARGIN + 6, y, { fit: [INNER - 12, barcodeHeight], align: 'center', valign: 'center' });
  y += barcodeHeight + 4;
  y = fittedText(doc, label.consignmentNumber, MARGIN, y, INNER, { font: BOLD, size: 13, align: 'center' });
  fittedText(doc, `Track: ${label.trackingUrl.replace(/^https:\/\//, '')}`, MARGIN, y + 1, INNER, {
    font: FONT,
    size: 7,
    minSize: 5.5,
    align: 'center',
  });

  doc.rect(MARGIN, boxY, INNER, boxHeight).lineWidth(2.5).stroke('#000000');
  doc
    .font(BOLD)
    .fontSize(10)
    .text(ALCOHOL_WARNING, MARGIN + 8, boxY + 9, { width: INNER - 16, align: 'center', lineGap: 1.5 });
}
