/** GET /api/purchase-orders/{id}/pdf: a link (the server sends it as an attachment). */
export const purchaseOrderPdfUrl = (id: number) => `/api/purchase-orders/${id}/pdf`;
