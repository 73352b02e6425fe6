/**
 * Emails in the recipient's language: the vendor's language chosen at registration (and changed in
 * its profile), staff's own setting, templates per language editable by an administrator (never
 * blank), dates and money formatted for the language, Dhivehi with Thaana month names.
 */
import assert from "node:assert/strict";
import { composeEmail } from "../../src/notify/emails.ts";
import { BUILT_IN_TEMPLATES } from "../../src/notify/templates.ts";
import { DV_MONTHS, formatEmailDate, formatEmailMoney, renderEmailText } from "../../src/shared/email-render.ts";
import { LANGUAGES } from "../../src/shared/i18n-languages.ts";
import { EMAIL_TEMPLATE_KEYS, EMAIL_TEMPLATE_PLACEHOLDERS } from "../../src/shared/schemas/notification-settings.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser, type Session } from "../helpers/users.ts";
import { runDeadlineReminders } from "../../src/jobs/deadline-reminders.ts";
import { recordingLogger } from "../helpers/app.ts";
import { migrate, readMigrationFiles } from "../../src/db/migrate.ts";
import { emptyDb } from "../helpers/db.ts";

const tag = `[email-languages/${testBackend()}]`;
const t = await testApp();
Deno.test.afterAll(t.close);
const { app, db } = t;
const admin = await as(t, "admin");
const CAT = await createCategory(db, "Language chairs");

type Mail = { subject: string; body: string; language: string | null; template: string | null };
async function outboxTo(email: string): Promise<Mail[]> {
  return [
    ...await db.query<Mail>(
      "select subject, body, language, template from notification_outbox where recipient = $1 order by id",
      [email],
    ),
  ];
}

/** Registers through the real multipart endpoint in `language`; returns the new vendor's id and email. */
async function registerVendor(language?: string) {
  const email = `vendeur.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const fd = new FormData();
  const fields: Record<string, string> = {
    firstName: "Camille",
    lastName: "Durand",
    email,
    companyName: `Mobilier ${crypto.randomUUID().slice(0, 4)} SARL`,
    contactPerson: "Camille Durand",
    phone: "+33 1 23 45 67 89",
  };
  if (language) fields.language = language;
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("categoryIds", String(CAT));
  const res = await app.request("/api/vendor/register", { method: "POST", body: fd });
  assert.equal(res.status, 201, await res.clone().text());
  await res.body?.cancel();
  const [{ id }] = await db.query<{ id: number }>("select id from users where email = $1", [email]);
  return { id, email, companyName: fields.companyName };
}

Deno.test(`${tag} a vendor registered in French gets French emails with French dates and money`, async () => {
  const v = await registerVendor("fr");
  assert.equal((await db.query<{ l: string }>("select language as l from users where id = $1", [v.id]))[0].l, "fr");

  // Approval: French text, the set-password link kept.
  await expectJson(
    await admin.request(`/api/admin/vendors/${v.id}/status`, { method: "PATCH", json: { status: "approved" } }),
    200,
  );
  let mails = await outboxTo(v.email);
  assert.equal(mails.length, 1);
  assert.equal(mails[0].subject, "Votre demande de référencement fournisseur a été approuvée");
  assert.match(mails[0].body, /^Bonjour Camille Durand, votre demande de référencement fournisseur pour Mobilier/);
  assert.match(mails[0].body, /pendant 72 heures/);
  assert.match(mails[0].body, /\/set-password\?token=\S+/);
  assert.deepEqual([mails[0].language, mails[0].template], ["fr", "vendor_approved"]);

  // A new request in its category: the deadline day in French.
  const team = await as(t, "purchase_team");
  const manager = await as(t, "procurement_manager");
  const deadline = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 5)).toISOString().slice(0, 10);
  const year = deadline.slice(0, 4);
  const pr = await expectJson<{ id: number; requestId: string }>(
    await team.request("/api/purchase-requests", {
      method: "POST",
      json: {
        title: "Chaises de bureau",
        description: "Pour la salle de réunion",
        department: "Operations",
        justification: "Needed",
        deadline,
        requestType: "vendor_quote",
        categoryId: CAT,
        items: [{ itemName: "Chaise", quantity: 10, estimatedPrice: "123.45" }],
      },
    }),
    201,
  );
  await expectJson(await manager.request(`/api/purchase-requests/${pr.id}/approve`, { method: "POST", json: {} }), 200);
  mails = await outboxTo(v.email);
  assert.equal(mails.length, 2, JSON.stringify(mails));
  assert.equal(mails[1].subject, `Nouvelle opportunité : Chaises de bureau (${pr.requestId})`);
  assert.ok(
    mails[1].body.startsWith(
      `Une nouvelle demande d’achat « Chaises de bureau » (${pr.requestId}) est ouverte aux devis jusqu’au 5 mars ${year}.`,
    ),
    mails[1].body,
  );

  // Its quotation is awarded: the amount in French formatting.
  const [item] = await db.query<{ id: number }>(
    "select id from purchase_request_items where purchase_request_id = $1",
    [pr.id],
  );
  const [quote] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, status, is_current, revision, total_amount, valid_until,
        lead_time_days, submitted_at)
     values ($1, $2, 'submitted', true, 1, 1234.50, now() + interval '30 days', 7, now()) returning id`,
    [v.id, pr.id],
  );
  await db.query(
    `insert into quotation_items (quotation_id, purchase_request_item_id, name, quantity, unit, unit_price, total_price)
     values ($1, $2, 'Chaise', 10, 'pcs', 123.45, 1234.50)`,
    [quote.id, item.id],
  );
  const award = await admin.request(`/api/purchase-requests/${pr.id}/award`, {
    method: "POST",
    json: { quotationId: quote.id },
  });
  const { purchaseOrder } = await expectJson<{ purchaseOrder: { poNumber: string } }>(award, 201);
  mails = await outboxTo(v.email);
  assert.equal(mails.length, 3);
  assert.equal(
    mails[2].subject,
    `Votre devis pour ${pr.requestId} a été retenu : bon de commande ${purchaseOrder.poNumber}`,
  );
  // French money: narrow no-break space between thousands, comma decimals, "$US".
  const money = new Intl.NumberFormat("fr", { style: "currency", currency: "USD" }).format(1234.5);
  assert.equal(money.replace(/\s/g, " "), "1 234,50 $US");
  assert.ok(mails[2].body.includes(`d’un montant de ${money} a été émis`), mails[2].body);
  assert.ok(!mails[2].body.includes("$1,234.50"));
});

Deno.test(`${tag} a vendor registered in French gets the bid amendment and early-close emails in French`, async () => {
  const v = await registerVendor("fr");
  await expectJson(
    await admin.request(`/api/admin/vendors/${v.id}/status`, { method: "PATCH", json: { status: "approved" } }),
    200,
  );
  const manager = await as(t, "procurement_manager");
  const year = new Date().getUTCFullYear() + 1;
  const bid = await expectJson<{ id: number; bidNumber: string; status: string }>(
    await manager.request("/api/bid-requests", {
      method: "POST",
      json: {
        title: "Tables de réunion",
        description: "Pour deux salles",
        department: "Facilities",
        qualificationCriteria: "Deux ans de fourniture",
        deadline: new Date(Date.UTC(year, 5, 1)).toISOString(),
        biddingDeadline: new Date(Date.UTC(year, 2, 5, 14, 30)).toISOString(),
        categoryId: CAT,
        items: [{ itemName: "Table", quantity: 2, unit: "pcs", estimatedPrice: "100.00", categoryId: CAT }],
      },
    }),
    201,
  );
  assert.equal(bid.status, "bidding_open");

  // The amendment: French subject and text, the new deadline with its time the French way.
  await expectJson(
    await manager.request(`/api/bid-requests/${bid.id}/amendments`, {
      method: "POST",
      json: { biddingDeadline: new Date(Date.UTC(year, 2, 12, 9, 0)).toISOString(), clarification: "Huit places." },
    }),
    200,
  );
  let [mail] = (await outboxTo(v.email)).filter((m) => m.template === "bid_amended");
  assert.ok(mail, "an amendment email");
  assert.equal(mail.language, "fr");
  assert.equal(mail.subject, `Modification de ${bid.bidNumber} : Tables de réunion`);
  assert.equal(
    mail.body,
    `Bonjour Camille Durand,\n\nL’appel d’offres « Tables de réunion » (${bid.bidNumber}) a été modifié. ` +
      `Les offres sont désormais reçues jusqu’au 12 mars ${year} à 09:00 (UTC).\n\nPrécision : Huit places.\n`,
  );

  // Closed early: French, with the (advertised) deadline in French and the reason.
  await expectJson(
    await manager.request(`/api/bid-requests/${bid.id}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed", reason: "Budget retiré par le conseil" },
    }),
    200,
  );
  [mail] = (await outboxTo(v.email)).filter((m) => m.template === "bid_closed_early");
  assert.ok(mail, "an early-close email");
  assert.equal(mail.language, "fr");
  assert.equal(mail.subject, `Remise des offres close plus tôt : ${bid.bidNumber} Tables de réunion`);
  assert.equal(
    mail.body,
    `Bonjour Camille Durand,\n\nLa remise des offres pour « Tables de réunion » (${bid.bidNumber}) a été close ` +
      `plus tôt que prévu, avant sa date limite du 12 mars ${year} à 09:00 (UTC).\n` +
      "Motif : Budget retiré par le conseil\n",
  );
});

Deno.test(`${tag} an amendment without a clarification has no clarification line; every language has both bid emails`, async () => {
  const en = await composeEmail(db, "bid_amended", "en", {
    title: "Tables",
    requestNumber: "BID-1",
    deadline: { date: "2026-03-05T14:30:00Z", withTime: true },
    clarification: "",
    contactPerson: "Ana",
    companyName: "Atoll",
  });
  assert.equal(en.subject, "Amendment to BID-1: Tables");
  assert.ok(!en.body.includes("Clarification"), en.body);
  assert.match(en.body, /Bidding now closes on March 5, 2026/);
  for (const lang of LANGUAGES) {
    for (const key of ["bid_amended", "bid_closed_early"] as const) {
      const x = BUILT_IN_TEMPLATES[lang][key];
      assert.ok(x?.subject.trim() && x.body.includes("{{deadline}}"), `${key}/${lang}`);
      if (lang !== "en") assert.notEqual(x.body, BUILT_IN_TEMPLATES.en[key].body, `${key}/${lang} translated`);
    }
  }
  assert.match(BUILT_IN_TEMPLATES.dv.bid_closed_early.body, /[\u0780-\u07BF]/);
});

Deno.test(`${tag} migration 0011 turns changed bid email settings into English templates and drops the settings`, async () => {
  const files = await readMigrationFiles();
  const fresh = await emptyDb();
  try {
    await migrate(fresh.db, files.filter((f) => f.version < "0011"));
    await fresh.db.query(
      "update settings set value = 'Changed: {{title}} closes {{deadline}}.{{clarification}}' where key = 'template_bid_amended'",
    );
    await migrate(fresh.db, files);
    const rows = await fresh.db.query<{ template_key: string; language: string; subject: string; body: string }>(
      "select template_key, language, subject, body from email_templates order by template_key",
    );
    // The changed one is carried over (the clarification on a line of its own); the unchanged one is not.
    assert.deepEqual(rows.map((r) => ({ ...r })), [{
      template_key: "bid_amended",
      language: "en",
      subject: "Amendment to {{requestNumber}}: {{title}}",
      body: "Changed: {{title}} closes {{deadline}}.\n\nClarification: {{clarification}}\n",
    }]);
    const left = await fresh.db.query("select key from settings where key like 'template\\_bid\\_%'");
    assert.equal(left.length, 0);
  } finally {
    await fresh.close();
  }
});

Deno.test(`${tag} registration without a language gives English; an unknown one is 400 and creates nothing`, async () => {
  const v = await registerVendor();
  assert.equal((await db.query<{ l: string }>("select language as l from users where id = $1", [v.id]))[0].l, "en");
  const fd = new FormData();
  const email = `bad.${crypto.randomUUID().slice(0, 8)}@example.com`;
  for (
    const [k, val] of Object.entries({
      firstName: "A",
      lastName: "B",
      email,
      companyName: "C",
      contactPerson: "D",
      phone: "1",
      language: "xx",
    })
  ) fd.append(k, val);
  fd.append("categoryIds", String(CAT));
  const body = await expectJson<{ issues: { path: string }[] }>(
    await app.request("/api/vendor/register", { method: "POST", body: fd }),
    400,
  );
  assert.ok(body.issues.some((i) => i.path === "language"), JSON.stringify(body));
  assert.equal((await db.query("select 1 from users where email = $1", [email])).length, 0);
});

Deno.test(`${tag} PUT /api/profile/language sets the language of your emails (vendors and staff), audited`, async () => {
  const vendor = await as(t, "vendor", { categoryIds: [CAT] });
  assert.deepEqual(await expectJson(await vendor.request("/api/profile/language"), 200), { language: "en" });
  assert.deepEqual(
    await expectJson(await vendor.request("/api/profile/language", { method: "PUT", json: { language: "de" } }), 200),
    { language: "de" },
  );
  assert.deepEqual(await expectJson(await vendor.request("/api/profile/language"), 200), { language: "de" });
  const bad = await expectJson<{ issues: { path: string }[] }>(
    await vendor.request("/api/profile/language", { method: "PUT", json: { language: "klingon" } }),
    400,
  );
  assert.equal(bad.issues[0].path, "language");
  assert.deepEqual(await expectJson(await vendor.request("/api/profile/language"), 200), { language: "de" });
  const [entry] = await db.query<{ metadata: { changes: unknown } }>(
    "select metadata from audit_logs where entity_type = 'user' and entity_id = $1 order by id desc limit 1",
    [String(vendor.user.id)],
  );
  assert.deepEqual(entry.metadata.changes, { language: { from: "en", to: "de" } });
  await expectJson(
    await app.request("/api/profile/language", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ language: "de" }),
    }),
    401,
  );

  // The German vendor's reminder is German, with the deadline written the German way.
  const deadline = new Date(Date.now() + 6 * 3600_000);
  const [{ id: prId }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, deadline, created_by)
     values ($1, 'Bürostühle', 'active', 'vendor_quote', $2, $3, $4) returning id`,
    [`PR-2099-${1000 + Math.floor(Math.random() * 9000)}`, CAT, deadline, admin.user.id],
  );
  await db.query("update settings set value = 'true' where key = 'deadline_reminders_enabled'");
  await runDeadlineReminders(db, recordingLogger());
  const [reminder] = (await outboxTo(vendor.user.email)).filter((m) => m.template === "deadline_reminder");
  assert.ok(reminder, `no reminder for request ${prId}`);
  assert.match(reminder.subject, /^Erinnerung: Die Angebotsfrist für Bürostühle/);
  const day = new Intl.DateTimeFormat("de", { dateStyle: "long", timeZone: "UTC" }).format(deadline);
  assert.ok(reminder.body.includes(`endet am ${day}`), reminder.body);
  assert.equal(reminder.language, "de");
});

Deno.test(`${tag} staff get emails in their own language setting`, async () => {
  const manager = await createUser(db, "procurement_manager");
  await db.query("update users set language = 'es' where id = $1", [manager.id]);
  const { enqueueTemplated } = await import("../../src/notify/emails.ts");
  await db.tx((tx) =>
    enqueueTemplated(tx, {
      to: manager.email,
      template: "quotation_not_selected",
      values: { contactPerson: "Ana", title: "Sillas", requestNumber: "PR-1" },
    })
  );
  const [mail] = await outboxTo(manager.email);
  assert.equal(mail.subject, "Resultado de PR-1: su cotización no fue seleccionada");
  assert.equal(mail.language, "es");
});

// ---------------------------------------------------------------------------------------------
// templates per language, edited by an administrator

type Template = { key: string; language: string; subject: string; body: string; isCustom: boolean };
const put = (s: Session, key: string, lang: string, json: unknown) =>
  s.request(`/api/admin/email-templates/${key}/${lang}`, { method: "PUT", json });
async function stored(key: string, lang: string) {
  return (await db.query("select subject, body from email_templates where template_key = $1 and language = $2", [
    key,
    lang,
  ]))[0];
}

Deno.test(`${tag} GET /api/admin/email-templates lists every template in every language with real translations`, async () => {
  const list = await expectJson<Template[]>(await admin.request("/api/admin/email-templates"), 200);
  assert.equal(list.length, EMAIL_TEMPLATE_KEYS.length * LANGUAGES.length);
  for (const key of EMAIL_TEMPLATE_KEYS) {
    const en = list.find((x) => x.key === key && x.language === "en")!;
    for (const lang of LANGUAGES) {
      const x = list.find((y) => y.key === key && y.language === lang)!;
      assert.ok(x.subject.trim() && x.body.trim(), `${key}/${lang}`);
      if (lang !== "en") {
        assert.notEqual(x.subject, en.subject, `${key}/${lang} subject is translated`);
        assert.notEqual(x.body, en.body, `${key}/${lang} body is translated`);
      }
      // Every translation uses the same placeholders as the English text, no unknown ones.
      const used = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(
        [...new Set(used(x.subject + x.body))],
        [...new Set(used(en.subject + en.body))],
        `${key}/${lang}`,
      );
      for (const p of used(x.subject + x.body)) assert.ok(EMAIL_TEMPLATE_PLACEHOLDERS[key].includes(p), p);
    }
  }
  assert.ok(list.some((x) => x.language === "dv" && /[\u0780-\u07BF]/.test(x.body)), "Dhivehi in Thaana");
  for (const role of ["purchase_team", "vendor"] as const) {
    await expectJson(await (await as(t, role)).request("/api/admin/email-templates"), 403);
  }
});

Deno.test(`${tag} PUT /api/admin/email-templates refuses a blank subject or body: 400 with the field, nothing saved`, async () => {
  const cases: [unknown, string, string][] = [
    [{ subject: "", body: "Bonjour" }, "subject", "Subject is required"],
    [{ subject: "   ", body: "Bonjour" }, "subject", "Subject is required"],
    [{ subject: "Objet", body: "" }, "body", "Body is required"],
    [{ subject: "Objet", body: " \n\t " }, "body", "Body is required"],
    [{ subject: "Objet" }, "body", "Body is required"],
    [{ body: "Bonjour" }, "subject", "Subject is required"],
    [{ subject: "Objet", body: "x".repeat(5001) }, "body", "Body must be at most 5000 characters"],
    [{ subject: "Two\nlines", body: "Bonjour" }, "subject", "Subject must be a single line"],
  ];
  for (const [json, path, message] of cases) {
    const body = await expectJson<{ message: string; issues: { path: string; message: string }[] }>(
      await put(admin, "pr_created", "fr", json),
      400,
    );
    assert.equal(body.issues[0].path, path, JSON.stringify(json));
    assert.equal(body.issues[0].message, message, JSON.stringify(json));
    assert.equal(await stored("pr_created", "fr"), undefined, "nothing saved");
  }
  // The approval email cannot lose its set-password link.
  const noLink = await expectJson<{ code: string; issues: { path: string }[] }>(
    await put(admin, "vendor_approved", "fr", { subject: "Approuvé", body: "Bonjour {{contactPerson}}" }),
    400,
  );
  assert.equal(noLink.code, "notify.templateMissingPlaceholder");
  assert.equal(noLink.issues[0].path, "body");
  assert.equal(await stored("vendor_approved", "fr"), undefined);
  // Unknown template or language: 404.
  await expectJson(await put(admin, "nope", "fr", { subject: "a", body: "b" }), 404);
  await expectJson(await put(admin, "pr_created", "xx", { subject: "a", body: "b" }), 404);
  // The database refuses a blank template too, whatever the code does.
  await assert.rejects(
    db.query(
      "insert into email_templates (template_key, language, subject, body) values ('pr_created', 'fr', ' ', 'b')",
    ),
  );
});

Deno.test(`${tag} an administrator edits a template per language; emails use it; reset goes back to the built-in text`, async () => {
  const edited = await expectJson<Template>(
    await put(admin, "pr_created", "es", {
      subject: "  Oferta: {{title}}  ",
      body: "Hola {{contactPerson}}: {{title}} hasta el {{deadline}}.\n{{link}}",
    }),
    200,
  );
  assert.deepEqual([edited.subject, edited.isCustom], ["Oferta: {{title}}", true]);
  const [audit] = await db.query<{ action: string; metadata: { changes: Record<string, unknown> } }>(
    "select action, metadata from audit_logs where entity_type = 'email_template' and entity_id = 'pr_created/es'",
  );
  assert.equal(audit.action, "UPDATE");
  assert.ok(audit.metadata.changes.subject);

  const es = await composeEmail(db, "pr_created", "es", {
    title: "Sillas",
    contactPerson: "Ana",
    deadline: { date: "2026-03-05T00:00:00Z" },
    link: "https://x.example/dashboard",
  });
  assert.deepEqual(es, {
    subject: "Oferta: Sillas",
    body: "Hola Ana: Sillas hasta el 5 de marzo de 2026.\nhttps://x.example/dashboard",
  });
  // Other languages keep their own text.
  const fr = await composeEmail(db, "pr_created", "fr", { title: "Chaises", requestNumber: "PR-1" });
  assert.equal(fr.subject, "Nouvelle opportunité : Chaises (PR-1)");

  const reset = await expectJson<Template>(
    await admin.request("/api/admin/email-templates/pr_created/es", { method: "DELETE" }),
    200,
  );
  assert.deepEqual([reset.subject, reset.isCustom], [BUILT_IN_TEMPLATES.es.pr_created.subject, false]);
  assert.equal(await stored("pr_created", "es"), undefined);
  assert.equal(
    (await expectJson(await admin.request("/api/admin/email-templates/pr_created/es", { method: "DELETE" }), 409)).code,
    "notify.templateNotCustomised",
  );
  const manager = await as(t, "procurement_manager");
  await expectJson(await put(manager, "pr_created", "es", { subject: "a", body: "b" }), 403);
});

Deno.test(`${tag} dates and money per language; Dhivehi with Thaana month names`, () => {
  const d = "2026-03-05T14:30:00Z";
  assert.equal(formatEmailDate(d, "en"), "March 5, 2026");
  assert.equal(formatEmailDate(d, "es"), "5 de marzo de 2026");
  assert.equal(formatEmailDate(d, "fr"), "5 mars 2026");
  assert.equal(formatEmailDate(d, "de"), "5. März 2026");
  assert.equal(formatEmailDate(d, "dv"), `5 ${DV_MONTHS[2]} 2026`);
  assert.equal(formatEmailDate(d, "dv", true), `5 ${DV_MONTHS[2]} 2026 14:30 (UTC)`);
  assert.equal(formatEmailDate(d, "dv", true, "Indian/Maldives"), `5 ${DV_MONTHS[2]} 2026 19:30 (Indian/Maldives)`);
  assert.ok(!/March/.test(formatEmailDate(d, "dv")));
  assert.equal(formatEmailMoney("1234.5", "USD", "de"), "1.234,50\u00a0$");
  assert.equal(formatEmailMoney("1234.5", "USD", "en"), "$1,234.50");
  assert.equal(formatEmailMoney("1234.5", "MVR", "dv"), "MVR 1,234.50");
  // A line whose value is empty is left out (no "Reason:" without a reason).
  assert.equal(renderEmailText("Hi {{name}}.\nReason: {{reason}}\nBye", { name: "A", reason: "" }, "en"), "Hi A.\nBye");
});
