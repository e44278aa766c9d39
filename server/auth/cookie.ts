/** The prefix of akut's auth cookies (akut.session_token), shared by better-auth's set-up and the session cache. */
export const COOKIE_PREFIX = 'akut';
