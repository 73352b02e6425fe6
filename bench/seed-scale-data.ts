/**
 * Content of the benchmark data (seed-scale.ts): the item catalogue per category, the departments,
 * and document numbers taken in blocks from document_counters.
 */
import type { CategoryKey } from "../src/db/seed-data.ts";

/** Catalogue of the benchmark data: per category, name, unit, estimated price. */
export const CATALOGUE: Record<CategoryKey, [string, string, string][]> = {
  office: [
    ["A4 copy paper 80 gsm (box of 5 reams)", "box", "32.50"],
    ["Ballpoint pens, blue (pack of 50)", "pack", "14.99"],
    ["Sticky notes 76 x 76 mm (12 pads)", "pack", "8.75"],
    ["Lever arch files A4", "pcs", "3.20"],
    ["Black toner cartridge, high yield", "pcs", "89.90"],
    ["Stapler, full strip", "pcs", "11.40"],
    ["Whiteboard markers (pack of 4)", "pack", "5.90"],
    ["Desk organiser", "pcs", "16.25"],
  ],
  it: [
    ['Business laptop 14"', "pcs", "1249.00"],
    ['27" QHD monitor', "pcs", "289.00"],
    ["USB-C docking station", "pcs", "229.99"],
    ["Wireless keyboard and mouse set", "set", "49.90"],
    ["24-port managed switch", "pcs", "640.00"],
    ["Wi-Fi 6 access point", "pcs", "215.00"],
    ["External SSD 2 TB", "pcs", "159.00"],
    ["Headset with noise cancelling", "pcs", "119.00"],
  ],
  software: [
    ["Office suite licence, 1 year", "licence", "149.00"],
    ["Endpoint protection licence, 1 year", "seat", "24.50"],
    ["Design suite subscription, 1 year", "licence", "719.88"],
    ["Project management tool, 1 year", "seat", "96.00"],
    ["Backup service, 1 TB per year", "TB", "180.00"],
    ["Video conferencing licence, 1 year", "licence", "179.90"],
  ],
  furniture: [
    ["Ergonomic task chair", "pcs", "329.00"],
    ["Sit-stand desk 1600 x 800 mm", "pcs", "545.00"],
    ["Mobile pedestal, 3 drawers", "pcs", "189.00"],
    ["Tall storage cabinet", "pcs", "412.50"],
    ["Meeting chair, stackable", "pcs", "129.00"],
    ["Bookshelf, 5 shelves", "pcs", "165.00"],
    ["Reception sofa, 3 seats", "pcs", "1190.00"],
  ],
  cleaning: [
    ["Multi-surface cleaner concentrate 5 L", "can", "18.40"],
    ["Hand soap refill 1 L", "bottle", "4.25"],
    ["Paper hand towels, Z-fold (case of 3000)", "case", "27.90"],
    ["Toilet tissue, 2-ply (pack of 36)", "pack", "21.60"],
    ["Microfibre cloths (pack of 10)", "pack", "9.50"],
    ["Mop and bucket set", "set", "44.00"],
    ["Bin liners 60 L (roll of 50)", "roll", "6.80"],
  ],
  catering: [
    ["Buffet lunch per person", "person", "18.50"],
    ["Coffee and tea service per person", "person", "3.75"],
    ["Bottled water 500 ml", "bottle", "0.65"],
    ["Coffee beans 1 kg", "kg", "21.90"],
    ["Paper cups 250 ml (sleeve of 50)", "sleeve", "3.95"],
    ["Fruit basket", "pcs", "24.00"],
  ],
  construction: [
    ["Portland cement 25 kg", "bag", "9.60"],
    ["Reinforcement bar 12 mm x 6 m", "pcs", "14.80"],
    ["Structural timber 45 x 95 mm x 4.8 m", "pcs", "17.25"],
    ["Plasterboard 12.5 mm 1200 x 2400", "sheet", "11.90"],
    ["PVC pipe 110 mm x 3 m", "pcs", "19.40"],
    ["Electrical cable 2.5 mm2 (100 m)", "roll", "68.00"],
    ["Anchor bolt set M12", "set", "6.80"],
  ],
  medical: [
    ["Workplace first-aid kit, 25 persons", "pcs", "54.90"],
    ["Nitrile examination gloves (box of 100)", "box", "7.95"],
    ["Sterile gauze swabs (pack of 100)", "pack", "9.80"],
    ["AED electrode pads, adult", "pair", "79.50"],
    ["Face masks, type IIR (box of 50)", "box", "8.40"],
    ["Digital thermometer", "pcs", "12.90"],
  ],
  fleet: [
    ["Scheduled service, passenger car", "service", "240.00"],
    ["Tyre, 205/55 R16", "pcs", "118.00"],
    ["Brake pad set", "set", "86.50"],
    ["Engine oil 5W-30 (5 L)", "can", "39.90"],
    ["Wiper blade set", "set", "24.50"],
    ["Car battery 70 Ah", "pcs", "139.00"],
  ],
  printing: [
    ["Business cards (box of 250)", "box", "29.00"],
    ["Roll-up banner 85 x 200 cm", "pcs", "89.00"],
    ["Printed brochure A4, 8 pages", "copy", "1.35"],
    ["Letterhead A4 (ream of 500)", "ream", "46.00"],
    ["Window graphic per m2", "m2", "38.50"],
    ["Branded notebook A5", "pcs", "6.90"],
  ],
  workwear: [
    ["High-visibility vest", "pcs", "7.50"],
    ["Safety boots S3", "pair", "74.00"],
    ["Polo shirt with logo", "pcs", "16.90"],
  ],
};

export const DEPARTMENTS = [
  "Administration",
  "Finance",
  "IT",
  "Operations",
  "Facilities",
  "Human Resources",
  "Marketing",
  "Logistics",
  "Health & Safety",
];

/** Take `count` consecutive numbers from document_counters; returns the first. */
export async function takeNumbers(
  q: { query<T>(text: string, params?: readonly unknown[]): Promise<T[]> },
  prefix: "PR" | "BR" | "PO",
  year: number,
  count: number,
): Promise<number> {
  const [row] = await q.query<{ last_value: number }>(
    `insert into document_counters (prefix, year, last_value) values ($1, $2, $3)
     on conflict (prefix, year) do update set last_value = document_counters.last_value + excluded.last_value
     returning last_value`,
    [prefix, year, count],
  );
  return row.last_value - count + 1;
}

export function documentNumber(prefix: "PR" | "BR" | "PO", year: number, n: number): string {
  return `${prefix}-${year}-${String(n).padStart(4, "0")}`;
}
