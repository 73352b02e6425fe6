/** GET /api/purchase-orders/{id}/pdf: a link (sent as an attachment); a vendor may open only its own orders. */
export const purchaseOrderPdfUrl = (id: number) => `/api/purchase-orders/${id}/pdf`;
