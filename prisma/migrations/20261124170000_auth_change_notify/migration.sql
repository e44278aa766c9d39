-- Decision 048: the database tells every app instance when a session ends or an account changes in a way the
-- session check depends on, whoever made the change (better-auth, a domain command, a script, plain SQL). The
-- event goes to the event bus's channel (server/realtime/bus.ts) at commit each instance's session cache
-- (server/auth/session-cache.ts) drops what it kept of that person, and the ws server reads their sockets again.
-- The body is an E'' string with \073 for each semicolon and \n for each line break, because the pg driver
-- adapter splits migration scripts at every semicolon. Readable, it is:
--   BEGIN
--     IF TG_TABLE_NAME = 'session' THEN
--       PERFORM pg_notify('akut_events', json_build_object(
--         'type', 'auth.changed',
--         'to', json_build_object('userId', OLD."userId"),
--         'payload', json_build_object('sessionId', OLD."id")
--       )::text)
--       RETURN OLD
--     END IF
--     IF (OLD."email", OLD."name", OLD."emailVerified", OLD."role"::text, OLD."locale", OLD."twoFactorEnabled", OLD."suspendedAt", OLD."deletedAt")
--        IS DISTINCT FROM
--        (NEW."email", NEW."name", NEW."emailVerified", NEW."role"::text, NEW."locale", NEW."twoFactorEnabled", NEW."suspendedAt", NEW."deletedAt") THEN
--       PERFORM pg_notify('akut_events', json_build_object(
--         'type', 'auth.changed',
--         'to', json_build_object('userId', NEW."id"),
--         'payload', json_build_object()
--       )::text)
--     END IF
--     RETURN NEW
--   END
CREATE OR REPLACE FUNCTION akut_notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS E'\nBEGIN\n  IF TG_TABLE_NAME = ''session'' THEN\n    PERFORM pg_notify(''akut_events'', json_build_object(\n      ''type'', ''auth.changed'',\n      ''to'', json_build_object(''userId'', OLD."userId"),\n      ''payload'', json_build_object(''sessionId'', OLD."id")\n    )::text)\073\n    RETURN OLD\073\n  END IF\073\n  IF (OLD."email", OLD."name", OLD."emailVerified", OLD."role"::text, OLD."locale", OLD."twoFactorEnabled", OLD."suspendedAt", OLD."deletedAt")\n     IS DISTINCT FROM\n     (NEW."email", NEW."name", NEW."emailVerified", NEW."role"::text, NEW."locale", NEW."twoFactorEnabled", NEW."suspendedAt", NEW."deletedAt") THEN\n    PERFORM pg_notify(''akut_events'', json_build_object(\n      ''type'', ''auth.changed'',\n      ''to'', json_build_object(''userId'', NEW."id"),\n      ''payload'', json_build_object()\n    )::text)\073\n  END IF\073\n  RETURN NEW\073\nEND\073\n';

CREATE TRIGGER "session_auth_changed" AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION akut_notify_auth_changed();

CREATE TRIGGER "user_auth_changed" AFTER UPDATE ON "user" FOR EACH ROW EXECUTE FUNCTION akut_notify_auth_changed();
