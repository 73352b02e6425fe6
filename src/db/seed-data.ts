/**
 * Fixed content of the demo organisation (seed.ts), its PRNG and money and date helpers (the
 * benchmark data of bench/seed-scale.ts uses them too). Prices are strings with two decimals; dates are day offsets from the
 * moment of seeding (negative = in the past), so the data looks current on every run.
 */
import { toCents } from "../shared/money.ts";

export type CategoryKey =
  | "office"
  | "it"
  | "software"
  | "furniture"
  | "cleaning"
  | "catering"
  | "construction"
  | "medical"
  | "fleet"
  | "printing"
  | "workwear";

export const CATEGORIES: { key: CategoryKey; name: string; description: string; isActive?: boolean }[] = [
  {
    key: "office",
    name: "Office Supplies",
    description: "Paper, pens, folders, toner and other everyday consumables for the offices.",
  },
  {
    key: "it",
    name: "IT Hardware",
    description: "Laptops, desktops, monitors, network equipment, peripherals and spare parts.",
  },
  {
    key: "software",
    name: "Software Licences",
    description: "Subscriptions, perpetual licences, support renewals and cloud services.",
  },
  {
    key: "furniture",
    name: "Furniture",
    description: "Desks, ergonomic chairs, storage, meeting-room and reception furniture.",
  },
  {
    key: "cleaning",
    name: "Cleaning & Janitorial",
    description: "Cleaning chemicals, paper hygiene products, equipment and contract cleaning services.",
  },
  {
    key: "catering",
    name: "Catering",
    description: "Event catering, canteen supplies, beverages and kitchen equipment.",
  },
  {
    key: "construction",
    name: "Construction Materials",
    description: "Cement, steel, timber, roofing, plumbing and electrical materials for works and repairs.",
  },
  {
    key: "medical",
    name: "Medical Supplies",
    description: "First-aid kits, clinic consumables, protective equipment and medical devices.",
  },
  {
    key: "fleet",
    name: "Vehicles & Fleet",
    description: "Vehicle purchase and leasing, fleet maintenance, tyres, spare parts and fuel cards.",
  },
  {
    key: "printing",
    name: "Printing & Stationery",
    description: "Printed reports, business cards, branded stationery, signage and large-format printing.",
  },
  {
    key: "workwear",
    name: "Uniforms & Workwear",
    description: "Staff uniforms, safety footwear and high-visibility clothing (currently not sourced).",
    isActive: false,
  },
];

/** Staff beyond the demo sign-ins; they sign in with DEMO_PASSWORD. */
export const EXTRA_STAFF: {
  key: string;
  role: "purchase_team" | "procurement_manager" | "cost_finance_controller";
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  isActive?: boolean;
  language?: "en" | "es" | "fr" | "de" | "dv";
}[] = [
  {
    key: "sofia",
    role: "purchase_team",
    email: "sofia.martins@example.com",
    firstName: "Sofia",
    lastName: "Martins",
    phone: "+1 555 0142",
    language: "es",
  },
  {
    key: "kenji",
    role: "procurement_manager",
    email: "kenji.watanabe@example.com",
    firstName: "Kenji",
    lastName: "Watanabe",
    phone: "+1 555 0187",
  },
  {
    key: "hannah",
    role: "cost_finance_controller",
    email: "hannah.becker@example.com",
    firstName: "Hannah",
    lastName: "Becker",
    phone: "+1 555 0163",
    language: "de",
  },
  {
    key: "tom",
    role: "purchase_team",
    email: "tom.hughes@example.com",
    firstName: "Tom",
    lastName: "Hughes",
    phone: "+1 555 0119",
    isActive: false,
  },
];

export interface VendorSeed {
  key: string;
  /** Set for the two demo vendor sign-ins: the user row comes from DEMO_ACCOUNTS. */
  demoEmail?: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  contactPerson: string;
  phone: string;
  status: "approved" | "pending" | "rejected";
  rejectionReason?: string;
  yearsExperience: number;
  licence?: string;
  categories: CategoryKey[];
  /** Days before seeding the application was made. */
  appliedDaysAgo: number;
}

export const VENDORS: VendorSeed[] = [
  {
    key: "northwind",
    demoEmail: "vendor@example.com",
    email: "vendor@example.com",
    firstName: "Victor",
    lastName: "Chen",
    companyName: "Northwind Office Supplies Ltd",
    contactPerson: "Victor Chen",
    phone: "+1 555 0101",
    status: "approved",
    yearsExperience: 12,
    licence: "uploads/northwind-business-license.pdf",
    categories: ["office", "furniture", "printing", "cleaning"],
    appliedDaysAgo: 110,
  },
  {
    key: "ibrahim",
    demoEmail: "vendor2@example.com",
    email: "vendor2@example.com",
    firstName: "Nadia",
    lastName: "Ibrahim",
    companyName: "Ibrahim Technologies LLC",
    contactPerson: "Nadia Ibrahim",
    phone: "+1 555 0102",
    status: "approved",
    yearsExperience: 8,
    licence: "uploads/ibrahim-tech-license.pdf",
    categories: ["it", "software", "printing"],
    appliedDaysAgo: 105,
  },
  {
    key: "atlas",
    email: "tenders@atlasbuild.example.com",
    firstName: "Omar",
    lastName: "Farouk",
    companyName: "Atlas Build & Supply Co.",
    contactPerson: "Omar Farouk",
    phone: "+1 555 0211",
    status: "approved",
    yearsExperience: 20,
    licence: "uploads/atlas-license.png",
    categories: ["construction", "furniture", "cleaning"],
    appliedDaysAgo: 100,
  },
  {
    key: "medicore",
    email: "sales@medicore.example.com",
    firstName: "Helen",
    lastName: "Park",
    companyName: "MediCore Health Supplies",
    contactPerson: "Dr. Helen Park",
    phone: "+1 555 0233",
    status: "approved",
    yearsExperience: 9,
    licence: "uploads/medicore-license.pdf",
    categories: ["medical", "cleaning"],
    appliedDaysAgo: 98,
  },
  {
    key: "harbour",
    email: "fleet@harbourfleet.example.com",
    firstName: "James",
    lastName: "O'Neill",
    companyName: "Harbour Fleet Services",
    contactPerson: "James O'Neill",
    phone: "+1 555 0247",
    status: "approved",
    yearsExperience: 15,
    categories: ["fleet"],
    appliedDaysAgo: 95,
  },
  {
    key: "metro",
    email: "contracts@metroauto.example.com",
    firstName: "Carlos",
    lastName: "Mendes",
    companyName: "Metro Auto Care Ltd",
    contactPerson: "Carlos Mendes",
    phone: "+1 555 0258",
    status: "approved",
    yearsExperience: 6,
    licence: "uploads/metro-auto-care.pdf",
    categories: ["fleet"],
    appliedDaysAgo: 80,
  },
  {
    key: "greenleaf",
    email: "events@greenleaf.example.com",
    firstName: "Sofia",
    lastName: "Rossi",
    companyName: "Greenleaf Catering Co.",
    contactPerson: "Sofia Rossi",
    phone: "+1 555 0264",
    status: "approved",
    yearsExperience: 7,
    categories: ["catering"],
    appliedDaysAgo: 90,
  },
  {
    key: "brightline",
    email: "bids@brightline.example.com",
    firstName: "Daniel",
    lastName: "Okafor",
    companyName: "Brightline Digital Solutions",
    contactPerson: "Daniel Okafor",
    phone: "+1 555 0279",
    status: "approved",
    yearsExperience: 5,
    licence: "uploads/brightline-license.pdf",
    categories: ["it", "software"],
    appliedDaysAgo: 70,
  },
  {
    key: "meridian",
    email: "orders@meridiantrading.example.com",
    firstName: "Grace",
    lastName: "Mwangi",
    companyName: "Meridian Trading Co.",
    contactPerson: "Grace Mwangi",
    phone: "+1 555 0285",
    status: "approved",
    yearsExperience: 11,
    categories: ["office", "cleaning", "catering", "furniture"],
    appliedDaysAgo: 85,
  },
  {
    key: "swift",
    email: "hello@swiftlogistics.example.com",
    firstName: "Amina",
    lastName: "Yusuf",
    companyName: "Swift Courier & Logistics",
    contactPerson: "Amina Yusuf",
    phone: "+1 555 0302",
    status: "pending",
    yearsExperience: 3,
    licence: "uploads/swift-courier-license.jpg",
    categories: ["fleet"],
    appliedDaysAgo: 3,
  },
  {
    key: "pristine",
    email: "info@pristineclean.example.com",
    firstName: "Lars",
    lastName: "Eriksen",
    companyName: "Pristine Clean Services",
    contactPerson: "Lars Eriksen",
    phone: "+1 555 0318",
    status: "pending",
    yearsExperience: 4,
    categories: ["cleaning"],
    appliedDaysAgo: 1,
  },
  {
    key: "quantum",
    email: "print@quantumprint.example.com",
    firstName: "Priya",
    lastName: "Nair",
    companyName: "Quantum Print House",
    contactPerson: "Priya Nair",
    phone: "+1 555 0324",
    status: "pending",
    yearsExperience: 10,
    licence: "uploads/quantum-print-license.pdf",
    categories: ["printing", "office"],
    appliedDaysAgo: 6,
  },
  {
    key: "quickbuy",
    email: "sales@quickbuy.example.com",
    firstName: "Ryan",
    lastName: "Cole",
    companyName: "QuickBuy Traders",
    contactPerson: "Ryan Cole",
    phone: "+1 555 0331",
    status: "rejected",
    rejectionReason: "The business licence provided has expired. Please reapply with a valid licence.",
    yearsExperience: 1,
    licence: "uploads/quickbuy-license.jpg",
    categories: ["office"],
    appliedDaysAgo: 40,
  },
  {
    key: "sunrise",
    email: "admin@sunrisetrading.example.com",
    firstName: "Mei",
    lastName: "Lin",
    companyName: "Sunrise General Trading",
    contactPerson: "Mei Lin",
    phone: "+1 555 0347",
    status: "rejected",
    rejectionReason: "We could not verify the company registration number given in the application.",
    yearsExperience: 2,
    categories: ["construction", "cleaning"],
    appliedDaysAgo: 25,
  },
];

/** name, unit, quantity, estimated price, specifications */
export type ItemSeed = [string, string, number, string, string];

export type StaffKey = "purchase" | "sofia" | "manager" | "finance";

export interface QuotationSeed {
  vendor: string;
  status: "submitted" | "under_review" | "approved" | "rejected";
  submittedDaysAgo: number;
  /** Price level against the estimate (1 = estimate); a little noise is added per item. */
  priceLevel: number;
  validityDays: number;
  leadTimeDays: number;
  notes: string;
  reviewComment?: string;
  technicalScore?: string;
  /** An earlier revision, now superseded by this one. */
  previous?: { submittedDaysAgo: number; priceLevel: number; notes: string };
}

export interface PurchaseRequestSeed {
  key: string;
  title: string;
  description: string;
  department: string;
  justification: string;
  priority: "low" | "medium" | "high" | "urgent";
  type: "internal" | "vendor_quote" | "bid_required";
  status: "draft" | "pending" | "active" | "rejected" | "completed" | "cancelled";
  biddingMode?: "open" | "sealed";
  category: CategoryKey;
  createdBy: StaffKey;
  createdDaysAgo: number;
  deadlineDays: number;
  vendorPreferences?: string;
  internalSupplier?: string;
  /** How far the approval went: manager and finance approvals and the final step. */
  history?: {
    manager?: number;
    finance?: number;
    rejectedBy?: { stage: "manager" | "finance"; daysAgo: number; comment: string };
    cancelled?: { daysAgo: number; comment: string };
    completedDaysAgo?: number;
  };
  items: ItemSeed[];
  quotations?: QuotationSeed[];
}

export const PURCHASE_REQUESTS: PurchaseRequestSeed[] = [
  {
    key: "stationery",
    title: "Quarterly stationery restock",
    description: "Restock of everyday stationery for the head office supply room.",
    department: "Administration",
    justification: "Supply room stock will run out before the end of the quarter.",
    priority: "low",
    type: "internal",
    status: "draft",
    category: "office",
    createdBy: "purchase",
    createdDaysAgo: 1,
    deadlineDays: 14,
    internalSupplier: "Central Stores",
    items: [
      ["A4 copy paper 80 gsm (box of 5 reams)", "box", 40, "32.50", "White, FSC certified, 500 sheets per ream"],
      ["Ballpoint pens, blue (pack of 50)", "pack", 10, "14.99", "Medium tip, retractable"],
      ["Sticky notes 76 x 76 mm (12 pads)", "pack", 15, "8.75", "Assorted pastel colours"],
      ["Lever arch files A4", "pcs", 30, "3.20", "75 mm spine, polypropylene"],
    ],
  },
  {
    key: "annex-cleaning",
    title: "Janitorial consumables for the new annex",
    description: "Initial stock of cleaning chemicals and hygiene products for the annex building.",
    department: "Facilities",
    justification: "The annex opens next month and has no cleaning stock yet.",
    priority: "medium",
    type: "vendor_quote",
    status: "draft",
    category: "cleaning",
    createdBy: "sofia",
    createdDaysAgo: 2,
    deadlineDays: 20,
    vendorPreferences: "Eco-certified products preferred.",
    items: [
      ["Multi-surface cleaner concentrate 5 L", "can", 12, "18.40", "pH neutral, EU Ecolabel"],
      ["Hand soap refill 1 L", "bottle", 48, "4.25", "Fragrance free, for wall dispensers"],
      ["Paper hand towels, Z-fold (case of 3000)", "case", 20, "27.90", "2-ply, recycled fibre"],
    ],
  },
  {
    key: "finance-laptops",
    title: "Laptops for new finance analysts",
    description: "Workstations for six analysts joining the finance team next month.",
    department: "Finance",
    justification: "Approved headcount increase for the reporting project.",
    priority: "high",
    type: "vendor_quote",
    status: "pending",
    category: "it",
    createdBy: "purchase",
    createdDaysAgo: 4,
    deadlineDays: 10,
    vendorPreferences: "Three-year next-business-day on-site warranty required.",
    history: { manager: 2 },
    items: [
      [
        'Business laptop 14", 32 GB RAM, 1 TB SSD',
        "pcs",
        6,
        "1249.00",
        "Intel Core Ultra 7 or equivalent, Windows 11 Pro",
      ],
      ["USB-C docking station", "pcs", 6, "229.99", "Dual 4K display support, 100 W power delivery"],
      ['27" QHD monitor', "pcs", 12, "289.00", "IPS, height adjustable, USB-C"],
    ],
  },
  {
    key: "staff-meeting",
    title: "Catering for the annual staff meeting",
    description: "Lunch and refreshments for 120 attendees at the annual staff meeting.",
    department: "Human Resources",
    justification: "Annual all-hands event in the main auditorium.",
    priority: "medium",
    type: "internal",
    status: "pending",
    category: "catering",
    createdBy: "sofia",
    createdDaysAgo: 3,
    deadlineDays: 18,
    internalSupplier: "Staff Canteen",
    items: [
      ["Buffet lunch per person", "person", 120, "18.50", "Including two vegetarian and one vegan option"],
      ["Coffee and tea service per person", "person", 120, "3.75", "Morning and afternoon breaks"],
      ["Bottled water 500 ml", "bottle", 240, "0.65", "Still"],
    ],
  },
  {
    key: "racking",
    title: "Warehouse racking repair materials",
    description: "Materials to repair and reinforce damaged pallet racking in warehouse B.",
    department: "Logistics",
    justification: "Safety inspection found twelve damaged uprights.",
    priority: "urgent",
    type: "bid_required",
    status: "pending",
    category: "construction",
    createdBy: "purchase",
    createdDaysAgo: 2,
    deadlineDays: 25,
    items: [
      ["Pallet racking upright frame 4.5 m", "pcs", 12, "485.00", "Galvanised steel, 1100 mm depth"],
      ["Beam pair 2.7 m", "pair", 40, "96.50", "Load rating 2000 kg per pair"],
      ["Column guard", "pcs", 24, "42.00", "Bolt-down, yellow powder coat"],
      ["Anchor bolt set M12", "set", 60, "6.80", "Zinc plated, for concrete floors"],
    ],
  },
  {
    key: "toner",
    title: "Printer toner and paper for head office",
    description: "Toner cartridges and paper for the twelve shared printers at head office.",
    department: "Administration",
    justification: "Current stock covers less than two weeks.",
    priority: "medium",
    type: "vendor_quote",
    status: "active",
    category: "office",
    createdBy: "purchase",
    createdDaysAgo: 9,
    deadlineDays: 6,
    history: { manager: 7 },
    items: [
      ["Black toner cartridge, high yield", "pcs", 24, "89.90", "Compatible with HP LaserJet M507"],
      ["Colour toner set (C/M/Y)", "set", 6, "245.00", "Compatible with HP Color LaserJet M555"],
      ["A4 copy paper 80 gsm (box of 5 reams)", "box", 60, "31.80", "White, FSC certified"],
    ],
    quotations: [
      {
        vendor: "northwind",
        status: "submitted",
        submittedDaysAgo: 2,
        priceLevel: 0.96,
        validityDays: 30,
        leadTimeDays: 3,
        notes: "Original manufacturer cartridges. Free delivery to head office.",
      },
      {
        vendor: "meridian",
        status: "under_review",
        submittedDaysAgo: 4,
        priceLevel: 0.91,
        validityDays: 45,
        leadTimeDays: 7,
        notes: "Remanufactured cartridges with a two-year guarantee.",
      },
    ],
  },
  {
    key: "switches",
    title: "Network switches for branch offices",
    description: "Replacement of end-of-life access switches in four branch offices.",
    department: "IT",
    justification: "Current switches are out of vendor support since last year.",
    priority: "high",
    type: "vendor_quote",
    status: "active",
    category: "it",
    createdBy: "purchase",
    createdDaysAgo: 14,
    deadlineDays: 8,
    vendorPreferences: "Vendor must be an authorised partner of the manufacturer.",
    history: { manager: 12, finance: 11 },
    items: [
      ["48-port PoE+ managed switch", "pcs", 8, "1890.00", "Layer 3 lite, 4 x 10G SFP+ uplinks"],
      ["10G SFP+ SR transceiver", "pcs", 32, "79.00", "Multimode, 300 m"],
      ["Rack mount UPS 1500 VA", "pcs", 4, "649.00", "Line interactive, network management card"],
      ["Patch cable Cat6 1 m (pack of 24)", "pack", 8, "36.50", "Snagless, blue"],
    ],
    quotations: [
      {
        vendor: "ibrahim",
        status: "under_review",
        submittedDaysAgo: 5,
        priceLevel: 0.98,
        validityDays: 30,
        leadTimeDays: 14,
        notes: "Includes configuration and on-site installation at all four branches.",
      },
      {
        vendor: "brightline",
        status: "submitted",
        submittedDaysAgo: 3,
        priceLevel: 0.94,
        validityDays: 21,
        leadTimeDays: 21,
        notes: "Revised offer: partner discount applied to switches and transceivers.",
        previous: { submittedDaysAgo: 7, priceLevel: 1.04, notes: "Hardware only, installation quoted separately." },
      },
    ],
  },
  {
    key: "chairs",
    title: "Ergonomic chairs for the call centre",
    description: "Replacement of 40 worn chairs in the customer call centre.",
    department: "Operations",
    justification: "Occupational health assessment recommended ergonomic seating.",
    priority: "medium",
    type: "bid_required",
    status: "active",
    category: "furniture",
    createdBy: "sofia",
    createdDaysAgo: 12,
    deadlineDays: 9,
    history: { manager: 10, finance: 9 },
    items: [
      [
        "Ergonomic task chair, 24-hour use",
        "pcs",
        40,
        "329.00",
        "Synchronous mechanism, adjustable lumbar support, EN 1335",
      ],
      ["Height-adjustable footrest", "pcs", 40, "39.90", "Anti-slip surface"],
    ],
    quotations: [
      {
        vendor: "northwind",
        status: "submitted",
        submittedDaysAgo: 1,
        priceLevel: 0.97,
        validityDays: 60,
        leadTimeDays: 28,
        notes: "Five-year warranty on mechanisms; delivery and assembly included.",
      },
      {
        vendor: "atlas",
        status: "submitted",
        submittedDaysAgo: 2,
        priceLevel: 1.02,
        validityDays: 30,
        leadTimeDays: 35,
        notes: "Chairs assembled on site; old chairs taken away for recycling.",
      },
    ],
  },
  {
    key: "design-licences",
    title: "Renewal of design software licences",
    description: "Annual renewal of the marketing team's design suite subscriptions.",
    department: "Marketing",
    justification: "Subscriptions expire at the end of the month.",
    priority: "high",
    type: "internal",
    status: "active",
    category: "software",
    createdBy: "purchase",
    createdDaysAgo: 6,
    deadlineDays: 12,
    internalSupplier: "IT Licence Desk",
    history: { manager: 5 },
    items: [
      ["Design suite annual subscription", "licence", 8, "719.88", "All apps plan, team licence"],
      ["Stock image credits pack", "pack", 2, "299.00", "750 standard images per pack"],
    ],
  },
  {
    key: "first-aid",
    title: "First-aid kits and AED pads",
    description: "Refill of first-aid stations and replacement of expiring defibrillator pads.",
    department: "Health & Safety",
    justification: "Annual audit: several kits incomplete, AED pads expire next month.",
    priority: "urgent",
    type: "vendor_quote",
    status: "active",
    category: "medical",
    createdBy: "sofia",
    createdDaysAgo: 5,
    deadlineDays: 4,
    history: { manager: 4 },
    items: [
      ["Workplace first-aid kit, 25 persons", "pcs", 15, "54.90", "BS 8599-1 compliant, wall bracket"],
      ["AED electrode pads, adult", "pair", 10, "79.50", "Compatible with the installed AED model"],
      ["Nitrile examination gloves (box of 100)", "box", 30, "7.95", "Powder free, size M"],
      ["Burn dressing 10 x 10 cm", "pcs", 50, "3.40", "Hydrogel"],
      ["Eye wash station refill 500 ml", "bottle", 20, "6.25", "Sterile saline"],
    ],
    quotations: [
      {
        vendor: "medicore",
        status: "under_review",
        submittedDaysAgo: 3,
        priceLevel: 0.95,
        validityDays: 30,
        leadTimeDays: 2,
        notes: "All items in stock; express delivery within 48 hours.",
      },
    ],
  },
  {
    key: "pool-vehicle",
    title: "Replacement pool vehicle",
    description: "Purchase of a hybrid estate car to replace the 2014 pool vehicle.",
    department: "Operations",
    justification: "The current vehicle failed its inspection; repair costs exceed its value.",
    priority: "medium",
    type: "vendor_quote",
    status: "rejected",
    category: "fleet",
    createdBy: "purchase",
    createdDaysAgo: 30,
    deadlineDays: -10,
    history: {
      manager: 28,
      rejectedBy: {
        stage: "finance",
        daysAgo: 26,
        comment: "Not in this year's capital budget. Please consider a 36-month lease and resubmit.",
      },
    },
    items: [
      ["Hybrid estate car", "pcs", 1, "31500.00", "Automatic, five doors, minimum 4-star safety rating"],
      ["Winter tyre set with rims", "set", 1, "980.00", "205/55 R16"],
      ["Three-year service plan", "plan", 1, "1150.00", "Manufacturer service schedule"],
    ],
  },
  {
    key: "coffee-machine",
    title: "Coffee machine upgrade for the 2nd floor",
    description: "Bean-to-cup machine to replace the capsule machine in the 2nd floor kitchen.",
    department: "Administration",
    justification: "Staff survey request; lower cost per cup than capsules.",
    priority: "low",
    type: "internal",
    status: "rejected",
    category: "catering",
    createdBy: "sofia",
    createdDaysAgo: 21,
    deadlineDays: -3,
    internalSupplier: "Facilities Store",
    history: {
      rejectedBy: {
        stage: "manager",
        daysAgo: 19,
        comment: "Facilities will replace all kitchen machines together next year.",
      },
    },
    items: [
      ["Bean-to-cup coffee machine", "pcs", 1, "2450.00", "Milk frother, 200 cups per day"],
      ["Descaling tablets (pack of 6)", "pack", 4, "12.90", "For the machine above"],
    ],
  },
  {
    key: "annual-report",
    title: "Printed annual report (500 copies)",
    description: "Printing and binding of the annual report for shareholders and partners.",
    department: "Marketing",
    justification: "Printed copies for the general meeting and partner mailings.",
    priority: "high",
    type: "vendor_quote",
    status: "completed",
    category: "printing",
    createdBy: "purchase",
    createdDaysAgo: 75,
    deadlineDays: -45,
    history: { manager: 73, completedDaysAgo: 40 },
    items: [
      ["Annual report, 64 pages, perfect bound", "copy", 500, "6.85", "A4, 150 gsm silk, 4/4 colour, 300 gsm cover"],
      ["Mailing envelopes C4 with logo", "pcs", 300, "0.42", "Self-seal, white"],
    ],
  },
  {
    key: "fit-out",
    title: "Office fit-out furniture, 3rd floor",
    description: "Desks, storage and meeting-room furniture for the refurbished 3rd floor.",
    department: "Facilities",
    justification: "Refurbishment completes next month; 36 workstations to furnish.",
    priority: "high",
    type: "bid_required",
    status: "completed",
    category: "furniture",
    createdBy: "purchase",
    createdDaysAgo: 60,
    deadlineDays: -5,
    history: { manager: 58, finance: 57, completedDaysAgo: 20 },
    items: [
      ["Sit-stand desk 1600 x 800 mm", "pcs", 36, "545.00", "Electric, memory presets, white frame"],
      ["Mobile pedestal, 3 drawers", "pcs", 36, "189.00", "Lockable, matching desk colour"],
      ["Meeting table for 10", "pcs", 2, "1380.00", "Oak veneer, cable tray"],
      ["Meeting chair, stackable", "pcs", 20, "129.00", "Upholstered seat, chrome frame"],
      ["Tall storage cabinet", "pcs", 8, "412.50", "Lockable, 5 shelves"],
    ],
  },
  {
    key: "carpet",
    title: "Carpet deep-clean service",
    description: "Deep cleaning of carpets on floors 1 to 4 during the holiday closure.",
    department: "Facilities",
    justification: "Carpets have not been deep cleaned for two years.",
    priority: "low",
    type: "internal",
    status: "cancelled",
    category: "cleaning",
    createdBy: "sofia",
    createdDaysAgo: 35,
    deadlineDays: -15,
    internalSupplier: "In-house cleaning team",
    history: { manager: 33, cancelled: { daysAgo: 30, comment: "Floors 1 to 4 will be re-carpeted instead." } },
    items: [
      ["Carpet deep clean per square metre", "m2", 1800, "2.10", "Hot water extraction, quick-dry"],
      ["Stain protection treatment per square metre", "m2", 1800, "0.85", "Fluorine-free"],
    ],
  },
  {
    key: "tablets",
    title: "Rugged tablets for field inspectors",
    description: "Tablets for the field inspection team to replace paper checklists.",
    department: "Operations",
    justification: "Digital inspection forms pilot.",
    priority: "medium",
    type: "vendor_quote",
    status: "cancelled",
    category: "it",
    createdBy: "purchase",
    createdDaysAgo: 18,
    deadlineDays: 2,
    history: { cancelled: { daysAgo: 16, comment: "Pilot postponed to next quarter." } },
    items: [
      ['Rugged 10" tablet, LTE', "pcs", 10, "899.00", "IP68, MIL-STD-810H, glove touch"],
      ["Vehicle mount with charger", "pcs", 10, "145.00", "12 V, lockable"],
    ],
  },
];

export interface BidRequestSeed {
  key: string;
  title: string;
  description: string;
  department: string;
  category: CategoryKey;
  status: "draft" | "published" | "bidding_open" | "bidding_closed" | "evaluation" | "awarded" | "cancelled";
  mode: "open" | "sealed";
  createdDaysAgo: number;
  biddingStartDays?: number;
  biddingDeadlineDays: number;
  deadlineDays: number;
  /** Key of the purchase request this bid was converted from. */
  fromRequest?: string;
  qualificationCriteria: string;
  evaluationMethod: "lowest_price" | "technical_merit" | "combined_scoring";
  priceWeight: number;
  bondAmount?: string;
  minimumYearsExperience: number;
  technicalSpecifications: string;
  commercialTerms: string;
  unsealedDaysAgo?: number;
  awardedDaysAgo?: number;
  /** name, unit, quantity, estimated price, specification, technical requirements */
  items: [string, string, number, string, string, string][];
  quotations?: QuotationSeed[];
}

export const BID_REQUESTS: BidRequestSeed[] = [
  {
    key: "ups",
    title: "Data centre UPS replacement",
    description: "Supply, installation and commissioning of a modular UPS for the main server room.",
    department: "IT",
    category: "it",
    status: "draft",
    mode: "open",
    createdDaysAgo: 1,
    biddingDeadlineDays: 14,
    deadlineDays: 21,
    qualificationCriteria: "Certified installer of the offered UPS brand; two comparable references.",
    evaluationMethod: "combined_scoring",
    priceWeight: 60,
    minimumYearsExperience: 3,
    technicalSpecifications: "N+1 redundancy, 60 kVA, 15 minutes runtime at full load.",
    commercialTerms: "30% on delivery, 70% after commissioning.",
    items: [
      ["Modular UPS 60 kVA", "pcs", 1, "38500.00", "N+1 power modules", "Hot-swappable modules and batteries"],
      ["Battery cabinet", "pcs", 2, "6200.00", "VRLA, 10-year design life", "Fits existing raised floor"],
      ["Installation and commissioning", "service", 1, "4800.00", "Weekend work", "Load test report required"],
    ],
  },
  {
    key: "roof",
    title: "Roof waterproofing works, main warehouse",
    description: "Removal of the old membrane and installation of a new waterproofing system on 2,400 m2.",
    department: "Facilities",
    category: "construction",
    status: "published",
    mode: "sealed",
    createdDaysAgo: 3,
    biddingStartDays: 2,
    biddingDeadlineDays: 16,
    deadlineDays: 45,
    qualificationCriteria: "Registered roofing contractor with valid insurance and safety certification.",
    evaluationMethod: "technical_merit",
    priceWeight: 30,
    bondAmount: "5000.00",
    minimumYearsExperience: 5,
    technicalSpecifications: "TPO membrane 1.5 mm, mechanically fixed, 15-year warranty.",
    commercialTerms: "Bid bond required; 10% retention for 12 months.",
    items: [
      ["Remove existing membrane", "m2", 2400, "4.50", "Including disposal", "Asbestos survey on file"],
      ["TPO membrane 1.5 mm installed", "m2", 2400, "28.00", "Mechanically fixed", "Manufacturer-approved installer"],
      ["Roof edge flashing", "m", 220, "36.00", "Aluminium, powder coated", "Colour RAL 7016"],
    ],
  },
  {
    key: "supplies-framework",
    title: "Annual office supplies framework",
    description: "Framework agreement for office consumables delivered monthly to all sites.",
    department: "Administration",
    category: "office",
    status: "bidding_open",
    mode: "open",
    createdDaysAgo: 10,
    biddingStartDays: -8,
    biddingDeadlineDays: 6,
    deadlineDays: 20,
    qualificationCriteria: "Delivery to all five sites within 48 hours of order.",
    evaluationMethod: "lowest_price",
    priceWeight: 60,
    minimumYearsExperience: 2,
    technicalSpecifications: "Catalogue pricing fixed for 12 months.",
    commercialTerms: "Monthly invoicing, 30 days payment terms.",
    items: [
      ["A4 copy paper 80 gsm (box of 5 reams)", "box", 600, "31.50", "FSC certified", "Recycled option to be quoted"],
      ["Ballpoint pens, blue (pack of 50)", "pack", 120, "14.50", "Retractable", ""],
      ["Lever arch files A4", "pcs", 400, "3.10", "75 mm spine", ""],
      ["Whiteboard markers (pack of 4)", "pack", 150, "5.90", "Assorted colours", "Low odour"],
    ],
    quotations: [
      {
        vendor: "northwind",
        status: "submitted",
        submittedDaysAgo: 3,
        priceLevel: 0.95,
        validityDays: 90,
        leadTimeDays: 2,
        notes: "Prices fixed for 12 months; next-day delivery to all sites.",
      },
      {
        vendor: "meridian",
        status: "submitted",
        submittedDaysAgo: 2,
        priceLevel: 0.97,
        validityDays: 60,
        leadTimeDays: 3,
        notes: "Revised offer including recycled paper option.",
        previous: { submittedDaysAgo: 6, priceLevel: 1.05, notes: "Initial offer." },
      },
    ],
  },
  {
    key: "clinic",
    title: "Medical consumables for the staff clinic",
    description: "Twelve-month supply of consumables for the on-site staff clinic.",
    department: "Health & Safety",
    category: "medical",
    status: "bidding_open",
    mode: "sealed",
    createdDaysAgo: 7,
    biddingStartDays: -5,
    biddingDeadlineDays: 9,
    deadlineDays: 25,
    qualificationCriteria: "Licensed medical distributor; cold-chain capability.",
    evaluationMethod: "lowest_price",
    priceWeight: 60,
    minimumYearsExperience: 3,
    technicalSpecifications: "CE-marked products; minimum 12 months shelf life on delivery.",
    commercialTerms: "Quarterly deliveries, 45 days payment terms.",
    items: [
      ["Nitrile examination gloves (box of 100)", "box", 400, "7.60", "Powder free, sizes S-XL", ""],
      ["Sterile gauze swabs 10 x 10 cm (pack of 100)", "pack", 120, "9.80", "8-ply", ""],
      ["Disposable syringes 5 ml (box of 100)", "box", 30, "14.20", "Luer lock", "Sterile, single use"],
    ],
  },
  {
    key: "endpoint",
    title: "Endpoint security licences (500 seats)",
    description: "Three-year endpoint protection licences with central management.",
    department: "IT",
    category: "software",
    status: "bidding_closed",
    mode: "open",
    createdDaysAgo: 25,
    biddingStartDays: -24,
    biddingDeadlineDays: -1,
    deadlineDays: 14,
    qualificationCriteria: "Authorised reseller; local support in business hours.",
    evaluationMethod: "combined_scoring",
    priceWeight: 50,
    minimumYearsExperience: 2,
    technicalSpecifications: "EDR included, cloud console, Windows/macOS/Linux agents.",
    commercialTerms: "Annual billing in advance.",
    items: [
      ["Endpoint protection licence, 3 years", "seat", 500, "58.00", "EDR tier", "Cloud-managed"],
      ["Onboarding and deployment service", "service", 1, "3500.00", "Remote", "Rollout plan within 10 days"],
    ],
    quotations: [
      {
        vendor: "ibrahim",
        status: "submitted",
        submittedDaysAgo: 10,
        priceLevel: 0.93,
        validityDays: 45,
        leadTimeDays: 5,
        notes: "Includes 24/7 vendor support for the first year.",
      },
      {
        vendor: "brightline",
        status: "submitted",
        submittedDaysAgo: 4,
        priceLevel: 0.99,
        validityDays: 30,
        leadTimeDays: 7,
        notes: "Deployment by certified engineers.",
      },
    ],
  },
  {
    key: "fleet-maintenance",
    title: "Fleet maintenance contract",
    description: "Two-year preventive and corrective maintenance for 24 company vehicles.",
    department: "Logistics",
    category: "fleet",
    status: "evaluation",
    mode: "sealed",
    createdDaysAgo: 35,
    biddingStartDays: -33,
    biddingDeadlineDays: -6,
    deadlineDays: 20,
    qualificationCriteria: "Authorised workshop; courtesy vehicles available.",
    evaluationMethod: "combined_scoring",
    priceWeight: 60,
    bondAmount: "2500.00",
    minimumYearsExperience: 4,
    technicalSpecifications: "Manufacturer service schedules; 48-hour turnaround.",
    commercialTerms: "Fixed price per service; parts at list price minus discount.",
    unsealedDaysAgo: 5,
    items: [
      ["Scheduled service, passenger car", "service", 48, "240.00", "Per manufacturer schedule", "Genuine parts"],
      ["Scheduled service, light van", "service", 24, "310.00", "Per manufacturer schedule", "Genuine parts"],
      ["Tyre replacement, set of four", "set", 24, "520.00", "Mid-range brand", "Fitting and balancing included"],
    ],
    quotations: [
      {
        vendor: "harbour",
        status: "under_review",
        submittedDaysAgo: 12,
        priceLevel: 0.97,
        validityDays: 60,
        leadTimeDays: 2,
        notes: "Collection and delivery of vehicles included.",
        technicalScore: "82.50",
      },
      {
        vendor: "metro",
        status: "under_review",
        submittedDaysAgo: 8,
        priceLevel: 0.92,
        validityDays: 45,
        leadTimeDays: 3,
        notes: "Two courtesy vehicles available at all times.",
        technicalScore: "74.00",
      },
    ],
  },
  {
    key: "fit-out-bid",
    title: "Office fit-out furniture, 3rd floor",
    description: "Supply and installation of desks, storage and meeting-room furniture for the 3rd floor.",
    department: "Facilities",
    category: "furniture",
    status: "awarded",
    mode: "open",
    createdDaysAgo: 56,
    biddingStartDays: -55,
    biddingDeadlineDays: -30,
    deadlineDays: -5,
    fromRequest: "fit-out",
    qualificationCriteria: "Five-year product warranty; installation by own staff.",
    evaluationMethod: "lowest_price",
    priceWeight: 60,
    minimumYearsExperience: 3,
    technicalSpecifications: "Desks EN 527 compliant; colours per the interior design brief.",
    commercialTerms: "Payment 30 days after installation and acceptance.",
    awardedDaysAgo: 20,
    items: [
      ["Sit-stand desk 1600 x 800 mm", "pcs", 36, "545.00", "Electric, memory presets", "EN 527"],
      ["Mobile pedestal, 3 drawers", "pcs", 36, "189.00", "Lockable", ""],
      ["Meeting table for 10", "pcs", 2, "1380.00", "Oak veneer, cable tray", ""],
      ["Meeting chair, stackable", "pcs", 20, "129.00", "Upholstered seat", ""],
      ["Tall storage cabinet", "pcs", 8, "412.50", "Lockable, 5 shelves", ""],
    ],
    quotations: [
      {
        vendor: "northwind",
        status: "approved",
        submittedDaysAgo: 40,
        priceLevel: 0.93,
        validityDays: 60,
        leadTimeDays: 21,
        notes: "Installation over one weekend; packaging removed by us.",
        reviewComment: "Lowest compliant offer. Awarded.",
      },
      {
        vendor: "atlas",
        status: "rejected",
        submittedDaysAgo: 38,
        priceLevel: 1.03,
        validityDays: 45,
        leadTimeDays: 30,
        notes: "Desks from a European manufacturer, ten-year frame warranty.",
        reviewComment: "Higher total price than the awarded offer.",
      },
      {
        vendor: "meridian",
        status: "rejected",
        submittedDaysAgo: 33,
        priceLevel: 1.08,
        validityDays: 30,
        leadTimeDays: 25,
        notes: "Meeting tables in walnut veneer at no extra cost.",
        reviewComment: "Higher total price than the awarded offer.",
      },
    ],
  },
  {
    key: "canteen",
    title: "Canteen services contract",
    description: "Outsourced canteen operation for the head office, 250 meals per day.",
    department: "Human Resources",
    category: "catering",
    status: "cancelled",
    mode: "open",
    createdDaysAgo: 40,
    biddingStartDays: -38,
    biddingDeadlineDays: -15,
    deadlineDays: -1,
    qualificationCriteria: "Food hygiene rating 5; HACCP system in place.",
    evaluationMethod: "technical_merit",
    priceWeight: 40,
    minimumYearsExperience: 5,
    technicalSpecifications: "Menu cycle of four weeks; dietary options every day.",
    commercialTerms: "Subsidised meal price agreed per year.",
    items: [
      ["Lunch meal service", "meal", 60000, "6.40", "Two hot options, salad bar", "Daily menu published a week ahead"],
      ["Coffee bar operation", "month", 12, "2100.00", "Barista, 07:30-15:00", ""],
    ],
  },
];

/** Deterministic PRNG (mulberry32): the same data on every machine for a given seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** "129.99" -> 12999 (integer cents; money is never summed in floats). Throws on a bad literal. */
export function priceCents(amount: string): number {
  const cents = toCents(amount);
  if (cents === null) throw new Error(`Not a money amount: ${amount}`);
  return cents;
}

const DAY_MS = 86_400_000;

/** A moment `days` days from `base` (negative = before), at a fixed hour offset for variety. */
export function daysFrom(base: Date, days: number, hours = 0): Date {
  return new Date(base.getTime() + days * DAY_MS + hours * 3_600_000);
}
