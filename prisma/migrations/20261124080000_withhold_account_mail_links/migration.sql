-- Data only (docs/decisions/022-no-live-tokens-in-the-outbox.md): copies of account mails kept before this
-- change still hold live verification and password-reset links. Keep their subject, drop their bodies.
UPDATE "MailOutbox" SET "text" = '', "html" = '' WHERE "template" IN ('verifyEmail', 'resetPassword');
