/**
 * The rules of the Documents area (DOC-) one answer decides: a 200 download is a PDF file, as application/pdf,
 * an attachment with an RFC 6266 Content-Disposition naming a file. Part of the registry (./registry.ts).
 * Contract: PDF document downloads.
 */
import contentDisposition from 'content-disposition';
import { ANSWER, type AnswerFacts, type Invariant, once, show } from '../contract/invariant-types';
import { isDocumentOperation } from '../contract/schema-walk';

const downloaded = (answer: AnswerFacts) => answer.status === 200 && isDocumentOperation(answer.operationId);

/** The magic bytes every PDF file starts with. */
export const PDF_START = '%PDF-';

/**
 * What is wrong with a download's Content-Disposition as RFC 6266 reads it (undefined: nothing): it parses
 * (a trailing ";" is an empty parameter the grammar does not allow, schemas/OPEN-POINTS.md E2) and names a
 * non-empty file, by filename or filename* (RFC 8187, which the parser decodes into filename).
 */
export function dispositionProblem(header: string | undefined): string | undefined {
  if (header === undefined) return 'no Content-Disposition header';
  let parsed: contentDisposition.ContentDisposition;
  try {
    // The parser knows only some shapes of the language of filename*, which RFC 8187 allows to be any RFC 5646
    // tag (letters, digits, hyphens): it is blanked, since it says nothing of the file's name.
    parsed = contentDisposition.parse(header.replace(/(filename\*\s*=\s*[^';\s]*)'[A-Za-z0-9-]*'/gi, "$1''"));
  } catch (error) {
    return `Content-Disposition ${show(header)} is not RFC 6266: ${(error as Error).message}`;
  }
  return (parsed.parameters.filename ?? '') === ''
    ? `Content-Disposition ${show(header)} names no file`
    : undefined;
}

export const DOCUMENTS_RULES: readonly Invariant[] = [
  {
    id: 'DOC-002',
    title: 'a 200 document download has content type application/pdf',
    subject: ANSWER,
    judge: (_, answer) =>
      isDocumentOperation(answer.operationId) && answer.status === 200
        ? once(
            answer.mediaType === 'application/pdf'
              ? undefined
              : `content type ${answer.headers['content-type'] ?? '(absent)'}`,
          )
        : undefined,
  },
  {
    id: 'DOC-003',
    title: 'a 200 document download is delivered as an attachment',
    subject: ANSWER,
    judge: (_, answer) => {
      if (!isDocumentOperation(answer.operationId) || answer.status !== 200) return undefined;
      const disposition = (answer.headers['content-disposition'] ?? '').split(';')[0]!.trim().toLowerCase();
      return once(
        disposition === 'attachment'
          ? undefined
          : `Content-Disposition ${show(answer.headers['content-disposition'])}`,
      );
    },
  },
  {
    id: 'DOC-001',
    title: 'a 200 document download body is a PDF file (starts with %PDF-)',
    subject: ANSWER,
    judge: (_, answer) =>
      downloaded(answer)
        ? once(
            answer.bodyStart?.startsWith(PDF_START)
              ? undefined
              : `the body starts with ${show(answer.bodyStart ?? '')}`,
          )
        : undefined,
  },
  {
    id: 'DOC-004',
    title: 'a 200 document download carries an RFC 6266 Content-Disposition with a non-empty filename',
    subject: ANSWER,
    judge: (_, answer) =>
      downloaded(answer) ? once(dispositionProblem(answer.headers['content-disposition'])) : undefined,
  },
];
