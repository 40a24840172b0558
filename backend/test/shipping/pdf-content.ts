import { PDFParse } from 'pdf-parse';

/** What a PDF says, read back with pdf.js: its header, the pages it has and the text it shows. */
export interface PdfContent {
  header: string;
  pages: number;
  /** Every shown string, in reading order, whitespace folded to single spaces. */
  text: string;
}

export async function readPdf(pdf: Buffer): Promise<PdfContent> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    return { header: pdf.subarray(0, 8).toString('latin1'), pages: result.total, text: result.text.replace(/\s+/g, ' ').trim() };
  } finally {
    await parser.destroy();
  }
}
