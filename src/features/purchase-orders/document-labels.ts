/**
 * The printed words of the purchase order document, in each language a vendor may have. Server-side
 * (the PDF is made on the server); the SPA's own strings live in its locale files.
 */
import type { Language } from "../../shared/i18n-languages.ts";

export interface DocumentLabels {
  title: string;
  poNumber: string;
  date: string;
  buyer: string;
  vendor: string;
  taxId: string;
  contact: string;
  email: string;
  phone: string;
  request: string;
  deliveryAddress: string;
  requestedDelivery: string;
  paymentTerms: string;
  currency: string;
  leadTime: string;
  days: string;
  item: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  lineTotal: string;
  subtotal: string;
  tax: string;
  grandTotal: string;
  approvedBy: string;
  terms: string;
  page: string;
}

export const DOCUMENT_LABELS: Record<Language, DocumentLabels> = {
  en: {
    title: "Purchase order",
    poNumber: "PO number",
    date: "Date",
    buyer: "Buyer",
    vendor: "Vendor",
    taxId: "Tax id",
    contact: "Contact",
    email: "Email",
    phone: "Phone",
    request: "Request",
    deliveryAddress: "Delivery address",
    requestedDelivery: "Requested delivery date",
    paymentTerms: "Payment terms",
    currency: "Currency",
    leadTime: "Lead time",
    days: "{{n}} days",
    item: "Item",
    quantity: "Quantity",
    unit: "Unit",
    unitPrice: "Unit price",
    lineTotal: "Line total",
    subtotal: "Subtotal",
    tax: "Tax",
    grandTotal: "Grand total",
    approvedBy: "Approved by",
    terms: "Terms and conditions",
    page: "Page {{n}} of {{total}}",
  },
  es: {
    title: "Orden de compra",
    poNumber: "N.º de orden",
    date: "Fecha",
    buyer: "Comprador",
    vendor: "Proveedor",
    taxId: "NIF",
    contact: "Contacto",
    email: "Correo electrónico",
    phone: "Teléfono",
    request: "Solicitud",
    deliveryAddress: "Dirección de entrega",
    requestedDelivery: "Fecha de entrega solicitada",
    paymentTerms: "Condiciones de pago",
    currency: "Moneda",
    leadTime: "Plazo de entrega",
    days: "{{n}} días",
    item: "Artículo",
    quantity: "Cantidad",
    unit: "Unidad",
    unitPrice: "Precio unitario",
    lineTotal: "Importe",
    subtotal: "Subtotal",
    tax: "Impuestos",
    grandTotal: "Total general",
    approvedBy: "Aprobado por",
    terms: "Términos y condiciones",
    page: "Página {{n}} de {{total}}",
  },
  fr: {
    title: "Bon de commande",
    poNumber: "N° de commande",
    date: "Date",
    buyer: "Acheteur",
    vendor: "Fournisseur",
    taxId: "N° fiscal",
    contact: "Contact",
    email: "E-mail",
    phone: "Téléphone",
    request: "Demande",
    deliveryAddress: "Adresse de livraison",
    requestedDelivery: "Date de livraison souhaitée",
    paymentTerms: "Conditions de paiement",
    currency: "Devise",
    leadTime: "Délai de livraison",
    days: "{{n}} jours",
    item: "Article",
    quantity: "Quantité",
    unit: "Unité",
    unitPrice: "Prix unitaire",
    lineTotal: "Montant",
    subtotal: "Sous-total",
    tax: "Taxes",
    grandTotal: "Total général",
    approvedBy: "Approuvé par",
    terms: "Conditions générales",
    page: "Page {{n}} sur {{total}}",
  },
  de: {
    title: "Bestellung",
    poNumber: "Bestellnummer",
    date: "Datum",
    buyer: "Käufer",
    vendor: "Lieferant",
    taxId: "Steuernummer",
    contact: "Ansprechpartner",
    email: "E-Mail",
    phone: "Telefon",
    request: "Anforderung",
    deliveryAddress: "Lieferadresse",
    requestedDelivery: "Gewünschter Liefertermin",
    paymentTerms: "Zahlungsbedingungen",
    currency: "Währung",
    leadTime: "Lieferzeit",
    days: "{{n}} Tage",
    item: "Artikel",
    quantity: "Menge",
    unit: "Einheit",
    unitPrice: "Einzelpreis",
    lineTotal: "Gesamtpreis",
    subtotal: "Zwischensumme",
    tax: "Steuer",
    grandTotal: "Gesamtbetrag",
    approvedBy: "Genehmigt von",
    terms: "Geschäftsbedingungen",
    page: "Seite {{n}} von {{total}}",
  },
  dv: {
    title: "ޕާޗޭސް އޯޑަރު",
    poNumber: "އޯޑަރު ނަންބަރު",
    date: "ތާރީޚު",
    buyer: "ގަންނަ ފަރާތް",
    vendor: "ވިއްކާ ފަރާތް",
    taxId: "ޓެކްސް ނަންބަރު",
    contact: "ގުޅޭނެ ފަރާތް",
    email: "އީމެއިލް",
    phone: "ފޯނު",
    request: "ރިކުއެސްޓް",
    deliveryAddress: "ޑެލިވަރީ ކުރާނެ އެޑްރެސް",
    requestedDelivery: "ޑެލިވަރީ ކުރަން އެދޭ ތާރީޚު",
    paymentTerms: "ފައިސާ ދެއްކުމުގެ ޝަރުތުތައް",
    currency: "ކަރަންސީ",
    leadTime: "ޑެލިވަރީއަށް ނަގާ މުއްދަތު",
    days: "{{n}} ދުވަސް",
    item: "ތަކެތި",
    quantity: "ޢަދަދު",
    unit: "ޔުނިޓް",
    unitPrice: "އެއް ޔުނިޓުގެ އަގު",
    lineTotal: "ޖުމްލަ",
    subtotal: "ސަބްޓޯޓަލް",
    tax: "ޓެކްސް",
    grandTotal: "ޖުމްލަ އަގު",
    approvedBy: "ހުއްދަ ދިން ފަރާތް",
    terms: "ޝަރުތުތައް",
    page: "ޞަފްޙާ {{n}} / {{total}}",
  },
};
