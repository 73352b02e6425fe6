/** GET /api/files/{id}: a quotation attachment, as a link (staff, or the vendor who uploaded it). */
export const fileUrl = (id: number) => `/api/files/${id}`;
