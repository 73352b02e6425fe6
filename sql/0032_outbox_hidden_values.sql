-- One-time links (a vendor's set-password token) are not kept readable in the outbox: the stored
-- body shows a mark where the token goes, and the token itself is kept here encrypted with a key
-- derived from SEALED_BID_KEY, put back only when the message is sent (then cleared) or when an
-- administrator reveals it (audited). Links already in the outbox are masked; their tokens stay
-- valid until they expire (an administrator can reset such a vendor's password instead).
alter table notification_outbox add column hidden_values text;
update notification_outbox
   set body = regexp_replace(body, '(set-password\?token=)[^\s&]+', '\1••••••••', 'g')
 where body ~ 'set-password\?token=';
