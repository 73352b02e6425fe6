/**
 * Demo organisation for an empty database: the fixed demo sign-ins, more staff, categories,
 * vendors in every application status, purchase requests, bid requests and quotations in every
 * status, and one awarded bid with its purchase order. One transaction; a database that already
 * has users is left untouched. Content is fixed (seeded PRNG); only dates follow the clock.
 */
import { hashPassword } from "../auth/password.ts";
import type { Logger } from "../lib/logger.ts";
import { fromCents } from "../shared/money.ts";
import { type RoleName, ROLES } from "../shared/roles.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts.ts";
import {
  BID_REQUESTS,
  CATEGORIES,
  type CategoryKey,
  daysFrom,
  EXTRA_STAFF,
  mulberry32,
  priceCents,
  PURCHASE_REQUESTS,
  type QuotationSeed,
  type StaffKey,
  VENDORS,
} from "./seed-data.ts";
import { nextDocumentNumber } from "./document-numbers.ts";
import type { Db, Queryable } from "./types.ts";
import { DEFAULT_APPROVAL_THRESHOLD_CENTS, purchaseRequestApprovals } from "../lib/approval-policy.ts";
import { hasUsers } from "./queries.ts";
import { insertRequestItems, type RequestKind } from "./request-items.ts";

export const SEED_LOCK_KEY = 727_100_003;
const URGENCIES = ["low", "medium", "high", "critical"] as const;

type SeedItem = [name: string, unit: string, quantity: number, price: string, spec: string, ...rest: string[]];

/** Writes a seeded request's items; returns them with their new ids, as its quotations price them. */
async function seedItems(
  tx: Queryable,
  kind: RequestKind,
  requestId: number,
  items: SeedItem[],
  categoryId: number,
  texts: (item: SeedItem, i: number) => [string, string],
) {
  const ids = await insertRequestItems(
    tx,
    kind,
    requestId,
    items.map((item, i) => {
      const [name, unit, quantity, price, specification] = item;
      return {
        name,
        specification,
        quantity,
        unit,
        estimatedPriceCents: priceCents(price),
        categoryId,
        texts: texts(item, i),
      };
    }),
  );
  return items.map(([name, unit, quantity, price], i) => ({
    id: ids[i],
    name,
    unit,
    quantity,
    cents: priceCents(price),
  }));
}

const roleId = (name: RoleName) => ROLES.find((r) => r.name === name)!.id;

/** Seed the demo organisation into an empty database; false (and nothing changed) when users exist. */
export async function seedDemo(db: Db, logger: Logger): Promise<boolean> {
  if (await hasUsers(db)) return false;
  // Hash each distinct password once, outside the transaction (argon2 is deliberately slow).
  const hashes = new Map<string, string>();
  for (const pw of new Set<string>([...DEMO_ACCOUNTS.map((a) => a.password), DEMO_PASSWORD])) {
    hashes.set(pw, await hashPassword(pw));
  }
  const counts = await db.tx(async (tx) => {
    // Two processes starting together on one empty database: the second waits, then sees the users.
    await tx.query("select pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    if (await hasUsers(tx)) return null;
    return await insertDemo(tx, hashes, new Date());
  });
  if (!counts) return false;
  logger.info("demo data seeded", counts);
  return true;
}

async function insertDemo(tx: Queryable, hashes: Map<string, string>, now: Date) {
  const rand = mulberry32(20_260_101);
  const at = (days: number, hours = 0) => daysFrom(now, days, hours);

  // --- users -------------------------------------------------------------------------------
  const addUser = async (u: {
    role: RoleName;
    email: string;
    username?: string;
    password?: string;
    firstName: string;
    lastName: string;
    phone?: string;
    isActive?: boolean;
    language?: string;
    createdAt: Date;
    lastLoginAt?: Date;
  }): Promise<number> => {
    const [row] = await tx.query<{ id: number }>(
      `insert into users (role_id, email, username, password_hash, first_name, last_name, phone, is_active,
         language, last_login_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz, $11::timestamptz) returning id`,
      [
        roleId(u.role),
        u.email.toLowerCase(),
        u.username ?? null,
        u.password ? hashes.get(u.password)! : null,
        u.firstName,
        u.lastName,
        u.phone ?? null,
        u.isActive ?? true,
        u.language ?? "en",
        u.lastLoginAt ?? null,
        u.createdAt,
      ],
    );
    return row.id;
  };

  const staff = new Map<string, number>();
  const demoKey: Record<string, StaffKey | "admin"> = {
    admin: "admin",
    purchase_team: "purchase",
    procurement_manager: "manager",
    cost_finance_controller: "finance",
  };
  for (const a of DEMO_ACCOUNTS) {
    if (a.role === "vendor") continue;
    staff.set(
      demoKey[a.role],
      await addUser({
        role: a.role,
        email: a.email,
        username: a.role === "admin" ? a.signIn : undefined,
        password: a.password,
        firstName: a.firstName,
        lastName: a.lastName,
        createdAt: at(-120),
        lastLoginAt: at(-1, 3),
      }),
    );
  }
  for (const s of EXTRA_STAFF) {
    staff.set(
      s.key,
      await addUser({
        ...s,
        password: DEMO_PASSWORD,
        createdAt: at(-100),
        lastLoginAt: s.isActive === false ? at(-60) : at(-2, 5),
      }),
    );
  }
  const admin = staff.get("admin")!;
  const manager = staff.get("manager")!;
  const finance = staff.get("finance")!;

  // --- categories --------------------------------------------------------------------------
  const categories = new Map<CategoryKey, number>();
  for (const c of CATEGORIES) {
    const [row] = await tx.query<{ id: number }>(
      `insert into categories (name, description, is_active, created_at, updated_at)
       values ($1, $2, $3, $4::timestamptz, $4::timestamptz) returning id`,
      [c.name, c.description, c.isActive ?? true, at(-120)],
    );
    categories.set(c.key, row.id);
  }

  // --- vendors -----------------------------------------------------------------------------
  const vendors = new Map<string, { id: number; name: string; status: string }>();
  for (const v of VENDORS) {
    const demo = v.demoEmail ? DEMO_ACCOUNTS.find((a) => a.email === v.demoEmail)! : undefined;
    const applied = at(-v.appliedDaysAgo);
    const reviewed = v.status === "pending" ? null : at(-v.appliedDaysAgo + 1, 2);
    const id = await addUser({
      role: "vendor",
      email: v.email,
      // Pending and rejected applicants have not been sent a set-password link: no password.
      password: v.status === "approved" ? (demo?.password ?? DEMO_PASSWORD) : undefined,
      firstName: demo?.firstName ?? v.firstName,
      lastName: demo?.lastName ?? v.lastName,
      phone: v.phone,
      createdAt: applied,
      lastLoginAt: v.status === "approved" ? at(-1, 6) : undefined,
    });
    await tx.query(
      `insert into vendor_profiles (user_id, company_name, contact_person, phone, status, rejection_reason,
         reviewed_by, reviewed_at, business_license_url, years_experience, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9, $10, $11::timestamptz, coalesce($8::timestamptz, $11::timestamptz))`,
      [
        id,
        v.companyName,
        v.contactPerson,
        v.phone,
        v.status,
        v.status === "rejected" ? v.rejectionReason : null,
        reviewed ? admin : null,
        reviewed,
        v.licence ?? null,
        v.yearsExperience,
        applied,
      ],
    );
    for (const c of v.categories) {
      await tx.query("insert into vendor_categories (vendor_id, category_id, created_at) values ($1, $2, $3)", [
        id,
        categories.get(c)!,
        applied,
      ]);
    }
    vendors.set(v.key, { id, name: v.companyName, status: v.status });
  }

  // --- quotations (shared by purchase requests and bid requests) ---------------------------
  let quotationCount = 0;
  const addQuotation = async (
    target: { purchaseRequestId?: number; bidRequestId?: number },
    items: { id: number; name: string; unit: string; quantity: number; cents: number }[],
    q: QuotationSeed,
    reviewedAt?: Date,
  ): Promise<{ id: number; vendorId: number; totalCents: number }> => {
    const vendor = vendors.get(q.vendor)!;
    if (vendor.status !== "approved") throw new Error(`Seed: quotation from unapproved vendor ${q.vendor}`);
    const insertOne = async (
      revision: number,
      status: string,
      current: boolean,
      submittedDaysAgo: number,
      level: number,
      notes: string,
    ) => {
      const submitted = at(-submittedDaysAgo, 2 + revision);
      const lines = items.map((it) => {
        // ±2% per line around the vendor's price level, rounded to whole cents, at least 1 cent.
        const unitCents = Math.max(1, Math.round(it.cents * (level + (rand() - 0.5) * 0.04)));
        return { ...it, unitCents, total: unitCents * it.quantity };
      });
      const total = lines.reduce((s, l) => s + l.total, 0);
      // Last change: the review or award, or for a superseded revision the newer submission.
      const changed = status === "submitted"
        ? submitted
        : status === "superseded"
        ? at(-q.submittedDaysAgo, 3)
        : reviewedAt ?? new Date(Math.min(daysFrom(submitted, 1).getTime(), now.getTime()));
      const [row] = await tx.query<{ id: number }>(
        `insert into quotations (vendor_id, purchase_request_id, bid_request_id, status, is_current, revision,
           total_amount, validity_days, valid_until, lead_time_days, notes, technical_score, review_comment,
           submitted_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8::int, $9::timestamptz + make_interval(days => $8::int), $10, $11, $12, $13,
           $9::timestamptz, $14) returning id`,
        [
          vendor.id,
          target.purchaseRequestId ?? null,
          target.bidRequestId ?? null,
          status,
          current,
          revision,
          fromCents(total),
          q.validityDays,
          submitted,
          q.leadTimeDays,
          notes,
          current ? q.technicalScore ?? null : null,
          current ? q.reviewComment ?? "" : "",
          changed,
        ],
      );
      for (const l of lines) {
        await tx.query(
          `insert into quotation_items (quotation_id, purchase_request_item_id, bid_request_item_id, name, quantity,
             unit, unit_price, total_price) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            row.id,
            target.purchaseRequestId ? l.id : null,
            target.bidRequestId ? l.id : null,
            l.name,
            l.quantity,
            l.unit,
            fromCents(l.unitCents),
            fromCents(l.total),
          ],
        );
      }
      quotationCount++;
      return { id: row.id, totalCents: total };
    };
    if (q.previous) {
      const p = q.previous;
      await insertOne(1, "superseded", false, p.submittedDaysAgo, p.priceLevel, p.notes);
    }
    const current = await insertOne(
      q.previous ? 2 : 1,
      q.status,
      true,
      q.submittedDaysAgo,
      q.priceLevel,
      q.notes,
    );
    return { ...current, vendorId: vendor.id };
  };

  // --- purchase requests -------------------------------------------------------------------
  const requests = new Map<string, { id: number; number: string }>();
  const addEvent = (
    prId: number,
    e: {
      actor: number;
      action: string;
      stage?: string;
      from?: string;
      to?: string;
      comment?: string;
      at: Date;
    },
  ) =>
    tx.query(
      `insert into purchase_request_events (purchase_request_id, actor_id, action, stage, from_status, to_status,
         comment, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [prId, e.actor, e.action, e.stage ?? null, e.from ?? null, e.to ?? null, e.comment ?? "", e.at],
    );
  const pendingEvents: (() => Promise<unknown>)[] = [];

  // Oldest first, so ids and document numbers follow the creation dates.
  const byAge = <T extends { createdDaysAgo: number }>(list: T[]) =>
    [...list].sort((x, y) => y.createdDaysAgo - x.createdDaysAgo);
  for (const pr of byAge(PURCHASE_REQUESTS)) {
    const createdAt = at(-pr.createdDaysAgo, 1);
    const number = await nextDocumentNumber(tx, "PR", createdAt);
    const budget = pr.items.reduce((s, [, , qty, price]) => s + qty * priceCents(price), 0);
    // The demo runs with the default threshold (settings.approval_threshold as migrated).
    const approvals = purchaseRequestApprovals(budget, DEFAULT_APPROVAL_THRESHOLD_CENTS);
    const h = pr.history ?? {};
    const approvedSteps = (h.manager !== undefined ? 1 : 0) + (h.finance !== undefined ? 1 : 0);
    const activated = approvedSteps === approvals;
    const expectActive = ["active", "completed"].includes(pr.status) ||
      (pr.status === "cancelled" && approvedSteps > 0);
    if (activated !== expectActive || approvedSteps > approvals) {
      throw new Error(`Seed: approval history of "${pr.key}" does not fit status ${pr.status}`);
    }
    const categoryId = categories.get(pr.category)!;
    const creator = staff.get(pr.createdBy)!;
    const rejection = h.rejectedBy?.comment ?? null;
    const [row] = await tx.query<{ id: number }>(
      `insert into purchase_requests (request_number, title, description, department, justification, priority,
         request_type, status, bidding_mode, category_id, deadline, estimated_budget, approval_required,
         approvals_required, vendor_preferences, internal_supplier, rejection_reason, created_by, created_at,
         updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true, $13, $14, $15, $16, $17, $18::timestamptz,
         $18::timestamptz)
       returning id`,
      [
        number,
        pr.title,
        pr.description,
        pr.department,
        pr.justification,
        pr.priority,
        pr.type,
        pr.status,
        pr.biddingMode ?? "open",
        categoryId,
        at(pr.deadlineDays, 9),
        fromCents(budget),
        approvals,
        pr.vendorPreferences ?? "",
        pr.internalSupplier ?? "",
        rejection,
        creator,
        createdAt,
      ],
    );
    const id = row.id;
    requests.set(pr.key, { id, number });

    const items = await seedItems(tx, "purchase_request", id, pr.items, categoryId, (_, i) => [
      URGENCIES[(i + pr.priority.length) % 4],
      "",
    ]);

    // History, oldest first.
    const events: Parameters<typeof addEvent>[1][] = [
      { actor: creator, action: "created", to: pr.status === "draft" ? "draft" : "pending", at: createdAt },
    ];
    // As the approval endpoint writes them: the approval that completes the set moves the request to active.
    const approvalSteps = (["manager", "finance"] as const)
      .filter((stage) => h[stage] !== undefined)
      .sort((a, b) => h[b]! - h[a]!);
    approvalSteps.forEach((stage, k) => {
      const last = k === approvalSteps.length - 1;
      events.push({
        actor: stage === "manager" ? manager : finance,
        action: "approved",
        stage,
        from: "pending",
        to: last && activated ? "active" : "pending",
        at: at(-h[stage]!, 3),
      });
    });
    if (h.rejectedBy) {
      const r = h.rejectedBy;
      events.push({
        actor: r.stage === "manager" ? manager : finance,
        action: "rejected",
        stage: r.stage,
        from: "pending",
        to: "rejected",
        comment: r.comment,
        at: at(-r.daysAgo, 3),
      });
    }
    if (h.cancelled) {
      events.push({
        actor: creator,
        action: "status_changed",
        from: activated ? "active" : "pending",
        to: "cancelled",
        comment: h.cancelled.comment,
        at: at(-h.cancelled.daysAgo, 5),
      });
    }
    for (const e of events) await addEvent(id, e);
    const last = events[events.length - 1].at;
    if (h.completedDaysAgo !== undefined) {
      // The completion (and a bid conversion) is written after the bid requests exist.
      pendingEvents.push(async () => {
        const done = at(-h.completedDaysAgo!, 6);
        await addEvent(id, { actor: creator, action: "status_changed", from: "active", to: "completed", at: done });
        await tx.query("update purchase_requests set updated_at = $2 where id = $1", [id, done]);
      });
    } else {
      await tx.query("update purchase_requests set updated_at = $2 where id = $1", [id, last]);
    }

    for (const q of pr.quotations ?? []) {
      if (pr.status !== "active" || pr.type === "internal") throw new Error(`Seed: quotations on "${pr.key}"`);
      await addQuotation({ purchaseRequestId: id }, items, q);
    }
  }

  // --- bid requests ------------------------------------------------------------------------
  const purchaseTeam = staff.get("purchase")!;
  let orders = 0;
  for (const b of byAge(BID_REQUESTS)) {
    if (b.biddingDeadlineDays >= b.deadlineDays) throw new Error(`Seed: bidding deadline of "${b.key}"`);
    if (b.mode === "sealed" && b.quotations?.length && b.unsealedDaysAgo === undefined) {
      throw new Error(`Seed: sealed bid "${b.key}" would need encrypted quotations`);
    }
    const createdAt = at(-b.createdDaysAgo, 2);
    const number = await nextDocumentNumber(tx, "BR", createdAt);
    const budget = b.items.reduce((s, [, , qty, price]) => s + qty * priceCents(price), 0);
    const categoryId = categories.get(b.category)!;
    const from = b.fromRequest ? requests.get(b.fromRequest)! : undefined;
    const closedAt = b.awardedDaysAgo !== undefined
      ? at(-b.awardedDaysAgo, 4)
      : b.unsealedDaysAgo !== undefined
      ? at(-b.unsealedDaysAgo, 1)
      : createdAt;
    const [row] = await tx.query<{ id: number }>(
      `insert into bid_requests (bid_number, purchase_request_id, title, description, department, category_id,
         deadline, bidding_start_at, bidding_deadline, bidding_mode, status, estimated_budget,
         qualification_criteria, evaluation_method, price_weight, technical_weight, bond_required, bond_amount,
         vendor_prequalification, minimum_years_experience, technical_specifications, commercial_terms,
         unsealed_at, unsealed_by, created_by, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::int, 100 - $15::int, $16, $17, true, $18,
         $19, $20, $21, $22, $23, $24, $25) returning id`,
      [
        number,
        from?.id ?? null,
        b.title,
        b.description,
        b.department,
        categoryId,
        at(b.deadlineDays, 9),
        b.biddingStartDays === undefined ? null : at(b.biddingStartDays, 8),
        at(b.biddingDeadlineDays, 8),
        b.mode,
        b.status,
        fromCents(budget),
        b.qualificationCriteria,
        b.evaluationMethod,
        b.priceWeight,
        b.bondAmount !== undefined,
        b.bondAmount ?? "0.00",
        b.minimumYearsExperience,
        b.technicalSpecifications,
        b.commercialTerms,
        b.unsealedDaysAgo === undefined ? null : at(-b.unsealedDaysAgo, 1),
        b.unsealedDaysAgo === undefined ? null : manager,
        purchaseTeam,
        createdAt,
        closedAt,
      ],
    );
    const id = row.id;
    const evaluation = b.evaluationMethod === "lowest_price" ? "Price" : "Price and technical compliance";
    const items = await seedItems(tx, "bid_request", id, b.items, categoryId, (item) => [item[5] ?? "", evaluation]);
    if (from) {
      await addEvent(from.id, {
        actor: purchaseTeam,
        action: "converted",
        comment: `Converted to bid request ${number}`,
        at: createdAt,
      });
    }
    let winner: { id: number; vendorId: number; totalCents: number } | undefined;
    for (const q of b.quotations ?? []) {
      const made = await addQuotation(
        { bidRequestId: id },
        items,
        q,
        b.status === "bidding_open" ? undefined : closedAt,
      );
      if (q.status === "approved") winner = made;
    }
    if (b.status === "awarded") {
      if (!winner) throw new Error(`Seed: awarded bid "${b.key}" has no approved quotation`);
      const awardedAt = at(-b.awardedDaysAgo!, 4);
      const po = await nextDocumentNumber(tx, "PO", awardedAt);
      const [{ id: poId }] = await tx.query<{ id: number }>(
        `insert into purchase_orders (po_number, quotation_id, vendor_id, purchase_request_id, bid_request_id,
           total_amount, created_by, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [po, winner.id, winner.vendorId, from?.id ?? null, id, fromCents(winner.totalCents), manager, awardedAt],
      );
      // The need's award (sql/0006), as the award route writes it: reports read spend from awards.
      await tx.query(
        `insert into awards (purchase_request_id, bid_request_id, purchase_order_id, quotation_id, awarded_by, created_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [from?.id ?? null, id, poId, winner.id, manager, awardedAt],
      );
      orders++;
      if (from) {
        const vendorName = [...vendors.values()].find((v) => v.id === winner!.vendorId)!.name;
        await addEvent(from.id, {
          actor: manager,
          action: "awarded",
          comment: `Bid ${number} awarded to ${vendorName}; purchase order ${po}`,
          at: awardedAt,
        });
      }
    }
  }
  for (const fn of pendingEvents) await fn();

  return {
    users: staff.size + vendors.size,
    categories: categories.size,
    vendors: vendors.size,
    purchaseRequests: PURCHASE_REQUESTS.length,
    bidRequests: BID_REQUESTS.length,
    quotations: quotationCount,
    purchaseOrders: orders,
  };
}
