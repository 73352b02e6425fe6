import type { Db } from "./types.ts";
import { RESOURCES, ROLE_PERMISSIONS } from "../shared/permissions.ts";
import { ROLES } from "../shared/roles.ts";

/**
 * Mirror the permission matrix of src/shared into the permissions tables (for reports and SQL
 * joins). The code stays the source of truth; this makes the tables match it, in one transaction.
 */
export async function syncPermissions(db: Db) {
  await db.tx(async (tx) => {
    for (const [resource, { actions, description }] of Object.entries(RESOURCES)) {
      for (const action of actions) {
        await tx.query(
          `insert into permissions (resource, action, description) values ($1, $2, $3)
           on conflict (resource, action) do update set description = excluded.description`,
          [resource, action, description],
        );
      }
    }
    await tx.query("delete from role_permissions");
    for (const role of ROLES) {
      for (const p of ROLE_PERMISSIONS[role.name]) {
        const [resource, action] = p.split(".");
        await tx.query(
          `insert into role_permissions (role_id, permission_id)
           select $1, id from permissions where resource = $2 and action = $3`,
          [role.id, resource, action],
        );
      }
    }
  });
}
