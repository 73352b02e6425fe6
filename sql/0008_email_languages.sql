-- Emails in the recipient's language (issue 9, item 5): templates per language, and why a message failed.

-- Templates an administrator changed, one per template and language; every other one is written
-- from the built-in texts (src/notify/templates.ts). An empty subject or body is refused here too.
create table email_templates (
  template_key text not null check (template_key ~ '^[a-z_]+$'),
  language text not null check (language in ('en', 'es', 'fr', 'de', 'dv')),
  subject text not null check (length(btrim(subject)) > 0 and length(subject) <= 300),
  body text not null check (length(btrim(body)) > 0 and length(body) <= 5000),
  updated_by integer references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (template_key, language)
);

-- The three single-text templates of the first schema become English templates when an
-- administrator had changed them (the parts the code used to append are kept), then go away.
insert into email_templates (template_key, language, subject, body, updated_by, updated_at)
select 'pr_created', 'en', 'New opportunity: {{title}} ({{requestNumber}})', value || E'\n\n{{link}}\n', updated_by, updated_at
  from settings
 where key = 'template_pr_created' and btrim(value) <> ''
   and value <> 'A new purchase request "{{title}}" ({{requestNumber}}) is open for quotations until {{deadline}}.';
insert into email_templates (template_key, language, subject, body, updated_by, updated_at)
select 'deadline_reminder', 'en', 'Reminder: quotations for {{title}} ({{requestNumber}}) close soon', value || E'\n',
       updated_by, updated_at
  from settings
 where key = 'template_deadline_reminder' and btrim(value) <> ''
   and value <> 'Reminder: quotations for "{{title}}" ({{requestNumber}}) close on {{deadline}}.';
insert into email_templates (template_key, language, subject, body, updated_by, updated_at)
select t.key, 'en', t.subject, replace(s.value, '{{status}}', t.status) || t.tail, s.updated_by, s.updated_at
  from settings s,
       (values ('vendor_approved', 'Your vendor application was approved', 'approved',
                E'\n\nSet your password to sign in (the link works once, for {{hours}} hours):\n{{link}}\n'),
               ('vendor_rejected', 'Your vendor application was not approved', 'rejected', E'\n\nReason: {{reason}}\n'))
         as t (key, subject, status, tail)
 where s.key = 'template_vendor_approval' and btrim(s.value) <> ''
   and s.value <> 'Dear {{contactPerson}}, your vendor application for {{companyName}} has been {{status}}.';
delete from settings where key in ('template_pr_created', 'template_deadline_reminder', 'template_vendor_approval');

-- Which template and language wrote a message, and when it was last tried (with attempts,
-- last_error and next_attempt_at: why it failed and when it is tried again).
alter table notification_outbox
  add column language text check (language in ('en', 'es', 'fr', 'de', 'dv')),
  add column template text,
  add column last_attempt_at timestamptz;
