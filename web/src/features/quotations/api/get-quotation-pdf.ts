/**
 * PDFs are plain links: the browser sends the session cookie and the server answers with
 * Content-Disposition: attachment, so no blob handling is needed.
 */

/** GET /api/quotations/{id}/pdf */
export const quotationPdfUrl = (id: number) => `/api/quotations/${id}/pdf`;
