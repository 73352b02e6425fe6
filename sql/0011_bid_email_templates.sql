-- The bid amendment and early-close emails are written in their recipient's language (templates
-- bid_amended and bid_closed_early, built-in texts in src/notify/templates.ts). email_templates
-- accepts any template key (only its spelling is checked), so no constraint changes.

-- The two single-text English settings of 0006 become English templates when an administrator had
-- changed them (the subject and the clarification label the code used to add are kept; a text too
-- long for a template, which only a hand edit in the database could give, is left to the built-in
-- one), then go away.
insert into email_templates (template_key, language, subject, body, updated_by, updated_at)
select 'bid_amended', 'en', 'Amendment to {{requestNumber}}: {{title}}',
       replace(value, '{{clarification}}', E'\n\nClarification: {{clarification}}') || E'\n', updated_by, updated_at
  from settings
 where key = 'template_bid_amended' and btrim(value) <> '' and length(value) <= 4900
   and value <> 'The bid request "{{title}}" ({{requestNumber}}) has been amended. Bidding now closes on {{deadline}}.{{clarification}}'
on conflict (template_key, language) do nothing;
insert into email_templates (template_key, language, subject, body, updated_by, updated_at)
select 'bid_closed_early', 'en', 'Bidding closed early: {{requestNumber}} {{title}}', value || E'\n', updated_by, updated_at
  from settings
 where key = 'template_bid_closed_early' and btrim(value) <> '' and length(value) <= 4900
   and value <> 'Bidding for "{{title}}" ({{requestNumber}}) was closed early, before its deadline of {{deadline}}. Reason: {{reason}}'
on conflict (template_key, language) do nothing;
delete from settings where key in ('template_bid_amended', 'template_bid_closed_early');
