import type { Queryable } from "../../db/types.ts";

export interface BidItemInput {
  name: string;
  specification: string;
  quantity: number;
  unit: string;
  estimatedPriceCents: number;
  categoryId: number | null;
  technicalRequirements: string;
  evaluationCriteria: string;
}

const cents = (c: number) => (c / 100).toFixed(2);

export const BID_COLUMNS = `b.id, b.bid_number as "bidNumber", b.title, b.description, b.department, b.deadline,
  b.bidding_start_at as "biddingStartAt", b.bidding_deadline as "biddingDeadline", b.bidding_mode as "biddingMode",
  b.status, b.estimated_budget as "estimatedBudget", b.qualification_criteria as "qualificationCriteria",
  b.evaluation_method as "evaluationMethod", b.price_weight as "priceWeight", b.technical_weight as "technicalWeight",
  b.bond_required as "bondRequired", b.bond_amount as "bondAmount", b.vendor_prequalification as "vendorPrequalification",
  b.minimum_years_experience as "minimumYearsExperience", b.technical_specifications as "technicalSpecifications",
  b.commercial_terms as "commercialTerms", b.purchase_request_id as "purchaseRequestId", b.unsealed_at as "unsealedAt",
  b.created_at as "createdAt", b.updated_at as "updatedAt", b.version,
  case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as category,
  (select count(*)::int from quotations q where q.bid_request_id = b.id and q.is_current) as "bidCount"`;

const ITEMS_JSON = `coalesce((select json_agg(json_build_object('id', i.id, 'itemName', i.name, 'name', i.name,
    'specification', i.specification, 'quantity', i.quantity, 'unit', i.unit, 'estimatedPrice', i.estimated_price::text,
    'categoryId', i.category_id, 'technicalRequirements', i.technical_requirements,
    'evaluationCriteria', i.evaluation_criteria) order by i.position, i.id)
  from bid_request_items i where i.bid_request_id = b.id), '[]'::json) as items`;

export async function listBids(db: Queryable, f: { statuses: string[] | null; limit: number; offset: number }) {
  const [items, total] = await Promise.all([
    db.query(
      `select ${BID_COLUMNS}, ${ITEMS_JSON} from bid_requests b left join categories c on c.id = b.category_id
        where $1::text[] is null or b.status = any($1::text[])
        order by b.created_at desc, b.id desc limit $2 offset $3`,
      [f.statuses, f.limit, f.offset],
    ),
    db.query<{ n: number }>(
      "select count(*)::int as n from bid_requests b where $1::text[] is null or b.status = any($1::text[])",
      [
        f.statuses,
      ],
    ),
  ]);
  return { items, total: total[0].n };
}

export async function bidStats(db: Queryable) {
  return (await db.query<{ active: number; drafts: number; completed: number; totalValue: string }>(
    `select count(*) filter (where status in ('published', 'bidding_open', 'bidding_closed', 'evaluation'))::int as active,
            count(*) filter (where status = 'draft')::int as drafts,
            count(*) filter (where status in ('awarded', 'cancelled'))::int as completed,
            coalesce(sum(estimated_budget) filter (where status <> 'cancelled'), 0)::numeric(14, 2)::text as "totalValue"
       from bid_requests`,
  ))[0];
}

export async function getBid(db: Queryable, id: number) {
  return (await db.query<Record<string, unknown> & { status: string; biddingMode: string }>(
    `select ${BID_COLUMNS}, ${ITEMS_JSON} from bid_requests b left join categories c on c.id = b.category_id where b.id = $1`,
    [id],
  ))[0];
}

export async function lockBid(tx: Queryable, id: number) {
  return (await tx.query<{
    id: number;
    status: string;
    biddingMode: string;
    biddingDeadline: Date;
    biddingStartAt: Date | null;
    unsealedAt: Date | null;
    categoryId: number | null;
    title: string;
    bidNumber: string;
  }>(
    `select id, status, bidding_mode as "biddingMode", bidding_deadline as "biddingDeadline",
        bidding_start_at as "biddingStartAt", unsealed_at as "unsealedAt", category_id as "categoryId", title,
        bid_number as "bidNumber"
       from bid_requests where id = $1 for update`,
    [id],
  ))[0];
}

export async function insertBid(
  tx: Queryable,
  b: {
    bidNumber: string;
    purchaseRequestId: number | null;
    title: string;
    description: string;
    department: string;
    categoryId: number | null;
    deadline: Date;
    biddingStartAt: Date | null;
    biddingDeadline: Date;
    biddingMode: string;
    status: string;
    budgetCents: number;
    qualificationCriteria: string;
    evaluationMethod: string;
    priceWeight: number;
    technicalWeight: number;
    bondRequired: boolean;
    bondCents: number;
    vendorPrequalification: boolean;
    minimumYearsExperience: number;
    technicalSpecifications: string;
    commercialTerms: string;
    createdBy: number;
  },
) {
  return (await tx.query<{ id: number }>(
    `insert into bid_requests (bid_number, purchase_request_id, title, description, department, category_id, deadline,
        bidding_start_at, bidding_deadline, bidding_mode, status, estimated_budget, qualification_criteria,
        evaluation_method, price_weight, technical_weight, bond_required, bond_amount, vendor_prequalification,
        minimum_years_experience, technical_specifications, commercial_terms, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::numeric, $13, $14, $15, $16, $17, $18::numeric, $19, $20,
        $21, $22, $23)
     returning id`,
    [
      b.bidNumber,
      b.purchaseRequestId,
      b.title,
      b.description,
      b.department,
      b.categoryId,
      b.deadline,
      b.biddingStartAt,
      b.biddingDeadline,
      b.biddingMode,
      b.status,
      cents(b.budgetCents),
      b.qualificationCriteria,
      b.evaluationMethod,
      b.priceWeight,
      b.technicalWeight,
      b.bondRequired,
      cents(b.bondCents),
      b.vendorPrequalification,
      b.minimumYearsExperience,
      b.technicalSpecifications,
      b.commercialTerms,
      b.createdBy,
    ],
  ))[0].id;
}

export async function insertBidItems(tx: Queryable, bidId: number, items: BidItemInput[]) {
  await tx.query(
    `insert into bid_request_items (bid_request_id, position, name, specification, quantity, unit, estimated_price,
        category_id, technical_requirements, evaluation_criteria)
     select $1, t.ord - 1, t.name, t.spec, t.qty, t.unit, t.price::numeric, t.cat, t.tech, t.eval
       from unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[])
         with ordinality as t(name, spec, qty, unit, price, cat, tech, eval, ord)`,
    [
      bidId,
      items.map((i) => i.name),
      items.map((i) => i.specification),
      items.map((i) => i.quantity),
      items.map((i) => i.unit),
      items.map((i) => cents(i.estimatedPriceCents)),
      items.map((i) => i.categoryId),
      items.map((i) => i.technicalRequirements),
      items.map((i) => i.evaluationCriteria),
    ],
  );
}

export async function setBidStatus(tx: Queryable, id: number, status: string) {
  await tx.query("update bid_requests set status = $2, version = version + 1, updated_at = now() where id = $1", [
    id,
    status,
  ]);
}

/** Items of a purchase request, for converting it into a bid request. */
export async function purchaseRequestForConversion(tx: Queryable, prId: number) {
  const pr = (await tx.query<{ id: number; status: string; categoryId: number | null; requestNumber: string }>(
    `select id, status, category_id as "categoryId", request_number as "requestNumber" from purchase_requests
      where id = $1 for update`,
    [prId],
  ))[0];
  if (!pr) return undefined;
  const items = await tx.query<{
    name: string;
    specifications: string;
    quantity: number;
    unit: string;
    estimatedPrice: string;
    categoryId: number | null;
  }>(
    `select name, specifications, quantity, unit, estimated_price as "estimatedPrice", category_id as "categoryId"
       from purchase_request_items where purchase_request_id = $1 order by position, id`,
    [prId],
  );
  return { ...pr, items };
}

/** Opens bidding whose start time has come and closes bidding whose deadline has passed. */
export async function advanceBidClock(tx: Queryable) {
  const opened = await tx.query<{ id: number }>(
    `update bid_requests set status = 'bidding_open', version = version + 1, updated_at = now()
      where status = 'published' and (bidding_start_at is null or bidding_start_at <= now()) and bidding_deadline > now()
      returning id`,
  );
  const closed = await tx.query<{ id: number }>(
    `update bid_requests set status = 'bidding_closed', version = version + 1, updated_at = now()
      where status in ('published', 'bidding_open') and bidding_deadline <= now() returning id`,
  );
  return { opened: opened.map((r) => r.id), closed: closed.map((r) => r.id) };
}
