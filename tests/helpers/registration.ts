/** Test inputs that several API files build: a vendor application with a licence, a bid request. */

/** A "PDF" of `bytes` bytes (its magic, then zeros or the given content). */
export function pdfOf(bytes: number): Uint8Array {
  const b = new Uint8Array(bytes);
  b.set(new TextEncoder().encode("%PDF-1.4\n"));
  return b;
}

/** The registration form of a new applicant `label`-`n` in one category, with `licence` attached. */
export function registrationForm(label: string, n: number, categoryId: number, licence: Uint8Array): FormData {
  const fd = new FormData();
  const fields = {
    firstName: label,
    lastName: "Applicant",
    email: `${label.toLowerCase()}-${n}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    companyName: `${label} Co ${n}`,
    contactPerson: `${label} Applicant`,
    phone: "+1 555 0100",
    categoryIds: String(categoryId),
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("businessLicense", new File([licence as BlobPart], "licence.pdf", { type: "application/pdf" }));
  return fd;
}

/** The body of a bid request in one category with one item, bidding open for two weeks. */
export function bidRequestBody(title: string, categoryId: number, biddingMode: "open" | "sealed") {
  return {
    title,
    description: biddingMode === "sealed" ? "Sealed" : "Open",
    department: "Facilities",
    qualificationCriteria: "References",
    biddingMode,
    categoryId,
    deadline: new Date(Date.now() + 21 * 86_400_000).toISOString(),
    biddingDeadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    items: [{ itemName: "Table", quantity: 2, unit: "pcs", estimatedPrice: "90.00", categoryId }],
  };
}
