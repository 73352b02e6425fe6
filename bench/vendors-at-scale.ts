/** Vendors at scale for the list benchmarks (lists.ts, other-lists.ts): the scale seed makes only the demo's few. */
import type { Queryable } from "../src/db/types.ts";

/**
 * `n` vendors (users and profiles, two categories each) with generate_series, created over the last
 * three years: 10% pending, 80% approved, 10% rejected. The scale seed makes only the demo's few.
 */
export async function addVendors(db: Queryable, n: number) {
  const [{ have }] = await db.query<{ have: number }>(
    "select count(*)::int as have from users where email like 'bench-vendor-%'",
  );
  if (have >= n) return 0;
  await db.query(
    `with u as (
       insert into users (role_id, email, first_name, last_name, phone, created_at)
       select 5, 'bench-vendor-' || g || '@bench.example', 'Bench', 'Vendor ' || g, '+1 555 ' || lpad((g % 10000)::text, 4, '0'),
              now() - (g * interval '15 minutes')
         from generate_series($1::int + 1, $2::int) g
       returning id, created_at)
     insert into vendor_profiles (user_id, company_name, contact_person, phone, status, created_at, updated_at)
     select id, 'Bench Supplies ' || id, 'Contact ' || id, '+1 555 0100',
            case when id % 10 = 0 then 'pending' when id % 10 = 1 then 'rejected' else 'approved' end,
            created_at, created_at
       from u`,
    [have, n],
  );
  await db.query(
    `insert into vendor_categories (vendor_id, category_id)
     select vp.user_id, c.id from vendor_profiles vp
       join lateral (select id from categories order by (id * 7919 + vp.user_id) % 97 limit 2) c on true
      where vp.company_name like 'Bench Supplies %'
     on conflict do nothing`,
  );
  await db.exec("analyze users; analyze vendor_profiles; analyze vendor_categories");
  return n - have;
}
