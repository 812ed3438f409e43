/**
 * The three PDF documents, generated with pdf-lib: a title line, the reference and a few facts. Served as
 * attachments with an RFC 6266 Content-Disposition built by the `content-disposition` package.
 */
import contentDisposition from 'content-disposition';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AppContext } from './http';
import { respond } from './http';

export interface DocumentContent {
  title: string;
  reference: string;
  lines: string[];
  fileName: string;
}

export async function renderPdf(content: DocumentContent): Promise<Uint8Array> {
  // No automatic metadata: the same content always gives the same document.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${content.title} ${content.reference}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  page.drawText(content.title, { x: 50, y: 780, size: 20, font: bold });
  page.drawText(`Reference: ${content.reference}`, { x: 50, y: 750, size: 12, font });
  content.lines.forEach((line, i) => page.drawText(line, { x: 50, y: 720 - 18 * i, size: 11, font }));
  return pdf.save();
}

export async function pdfResponse(c: AppContext, content: DocumentContent): Promise<Response> {
  const bytes = await renderPdf(content);
  return respond(c, Buffer.from(bytes), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': contentDisposition(content.fileName),
    'Content-Length': String(bytes.length),
  });
}
