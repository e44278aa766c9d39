// on-headers (jshttp, used by compression) ships no type declarations; the one call the read-after-write mark makes.
declare module 'on-headers' {
  import type { ServerResponse } from 'node:http';
  export default function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
}
