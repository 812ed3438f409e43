/**
 * The three PDF documents, generated with pdf-lib: a title line, the reference and a few facts. Served as
 * attachments with an RFC 6266 Content-Disposition built by the `content-disposition` package.
 */
import contentDisposition from 'content-disposition';
import { isFault, isVariant } from './behaviour';
import type { AppContext } from './http';
import { respond } from './http';

export interface DocumentContent {
  title: string;
  reference: string;
  lines: string[];
  fileName: string;
}

export async function renderPdf(content: DocumentContent): Promise<Uint8Array> {
  // Loaded with the first document, not with the reference: a start of the reference renders none.
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
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

/** The HTML view of a document (what the `document-body-html` fault serves in place of the PDF). */
function renderHtml(content: DocumentContent): Uint8Array {
  const lines = content.lines.map((line) => `<p>${line}</p>`).join('');
  return Buffer.from(
    `<!doctype html><html><body><h1>${content.title}</h1><p>${content.reference}</p>${lines}</body></html>`,
  );
}

/** Content-Disposition: `attachment` with the file name; the variant also gives it as RFC 8187 `filename*`. */
function disposition(fileName: string): string {
  if (isFault('document-inline')) return contentDisposition(fileName, { type: 'inline' });
  if (isFault('document-filename-missing')) return 'attachment';
  if (isFault('document-disposition-trailing-semicolon')) return `${contentDisposition(fileName)};`;
  if (isVariant('content-disposition-filename-star')) {
    return `${contentDisposition(fileName)}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }
  if (isVariant('content-disposition-token-filename')) return `attachment; filename=${fileName}`;
  return contentDisposition(fileName);
}

export async function pdfResponse(c: AppContext, content: DocumentContent): Promise<Response> {
  let bytes = isFault('document-body-html') ? renderHtml(content) : await renderPdf(content);
  if (isFault('document-truncated')) bytes = bytes.subarray(0, Math.floor(bytes.length / 2));
  if (isFault('pdf-download-without-rate-limit-headers')) c.set('rateLimitHeaders', {});
  return respond(c, Buffer.from(bytes), 200, {
    'Content-Type': isFault('document-served-as-octet-stream')
      ? 'application/octet-stream'
      : 'application/pdf',
    'Content-Disposition': disposition(content.fileName),
    'Content-Length': String(bytes.length),
  });
}
