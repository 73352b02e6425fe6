/** The readable history's sentences: every action the server names has one, in five languages. */
import assert from "node:assert/strict";
import i18next, { type TFunction } from "i18next";
import { actionKey } from "../../../src/audit/history.ts";
import en from "../locales/en.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };
import fr from "../locales/fr.json" with { type: "json" };
import de from "../locales/de.json" with { type: "json" };
import dv from "../locales/dv.json" with { type: "json" };
import { HISTORY_ACTIONS, type HistoryEntry, historyLine } from "./history-sentence.ts";

const BUNDLES = { en, es, fr, de, dv };
const FSI = "\u2068", PDI = "\u2069";
const plain = (s: string) => s.replaceAll(FSI, "").replaceAll(PDI, "");

async function tFor(lang: keyof typeof BUNDLES): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: Object.fromEntries(Object.entries(BUNDLES).map(([l, b]) => [l, { translation: b }])),
    lng: lang,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const approval: HistoryEntry = {
  id: 1,
  at: "2026-11-29T08:00:00.000Z",
  actor: { id: 7, name: "Maria Gonzalez" },
  action: "approved",
  entity: { kind: "purchase_request", id: "4", number: "PR-2026-0004", title: "Conference chairs" },
  params: { level: 1, of: 2, stage: "manager", comment: "Fits the plan" },
  changes: [],
};

Deno.test("[history] an approval reads with its level, the comment apart, in English", async () => {
  const line = historyLine(await tFor("en"), "en", approval);
  assert.equal(
    plain(line.sentence),
    "Maria Gonzalez approved purchase request PR-2026-0004 “Conference chairs” (level 1 of 2)",
  );
  assert.equal(line.comment, "Fits the plan");
  // User data is isolated, so a Latin name keeps its direction inside Thaana text.
  assert.ok(line.sentence.includes(`${FSI}Maria Gonzalez${PDI}`));
});

Deno.test("[history] the same approval in Dhivehi: Thaana words, the level, the names isolated", async () => {
  const line = historyLine(await tFor("dv"), "dv", approval);
  assert.match(line.sentence, /[\u0780-\u07BF]/);
  assert.ok(line.sentence.includes(`${FSI}Maria Gonzalez${PDI}`));
  assert.ok(line.sentence.includes(`${FSI}PR-2026-0004${PDI}`));
  assert.match(plain(line.sentence), /2.*1|1.*2/);
  assert.doesNotMatch(line.sentence, /approved/);
});

Deno.test("[history] changed values are translated and formatted; a status move is not listed twice", async () => {
  const t = await tFor("en");
  const edit = historyLine(t, "en", {
    ...approval,
    action: "updated",
    params: {},
    changes: [
      { field: "estimatedBudget", from: "1500.00", to: "2000.00" },
      { field: "status", from: "pending", to: "active" },
    ],
  });
  assert.deepEqual(edit.changes, ["Estimated budget: $1,500.00 → $2,000.00", "Status: Pending → Active"]);
  const moved = historyLine(t, "en", {
    ...approval,
    action: "statusChanged",
    params: { from: "draft", to: "pending" },
    changes: [{ field: "status", from: "draft", to: "pending" }],
  });
  assert.equal(
    plain(moved.sentence),
    "Maria Gonzalez moved purchase request PR-2026-0004 “Conference chairs” from Draft to Pending",
  );
  assert.deepEqual(moved.changes, []);
});

Deno.test("[history] a withheld sealed submission names no one and nothing", async () => {
  const line = historyLine(await tFor("en"), "en", {
    id: 2,
    at: approval.at,
    actor: null,
    action: "sealedSubmission",
    entity: { kind: "quotation", id: null, number: null, title: null },
    params: {},
    changes: [],
  });
  assert.equal(line.sentence, "A sealed quotation was submitted: who and what are shown once the bid is unsealed");
  assert.equal(line.comment, null);
});

Deno.test("[history] every action key the server makes has a sentence in all five languages", () => {
  const server = new Set<string>();
  const actions = ["CREATE", "UPDATE", "DELETE", "LOGIN", "LOGIN_FAILED", "LOGIN_THROTTLED", "LOGOUT", "APPROVE"]
    .concat(["REJECT", "STATUS_CHANGE", "PASSWORD_CHANGE", "PASSWORD_RESET", "ROLE_CHANGE", "TWO_FACTOR_ENABLE"])
    .concat(["TWO_FACTOR_DISABLE", "UNSEAL", "AWARD", "EXPORT", "RESTORE", "REVEAL", "SOMETHING_NEW"]);
  const kinds = ["purchase_request", "bid_request", "quotation", "purchase_order", "user"];
  const metas = [
    {},
    { withheld: "x" },
    { amendment: true },
    { extensionRequested: true },
    { changes: { validUntil: { from: "a", to: "b" } } },
    { changes: { technicalScore: { from: null, to: 1 } } },
    { closedEarly: true },
    { by: "schedule" },
    { by: "deadline" },
    { changes: { status: { from: "draft", to: "pending_approval" } } },
    ...["acknowledged", "declined", "cancelled", "closed", "goods_received", "requested_delivery_date"].map((
      event,
    ) => ({ event })),
  ];
  for (const action of actions) {
    for (const entityType of kinds) {
      for (const metadata of metas) server.add(actionKey({ action, entityType, metadata }));
    }
  }
  const known = new Set<string>(HISTORY_ACTIONS);
  assert.deepEqual([...server].filter((k) => !known.has(k)), []);
  for (const [lang, bundle] of Object.entries(BUNDLES)) {
    const sentences = bundle.history.actions as Record<string, string>;
    for (const key of HISTORY_ACTIONS) assert.ok(sentences[key]?.trim(), `${lang}: history.actions.${key}`);
  }
});
