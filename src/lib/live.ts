// Live events for the signed-in person over ws /ws (new matches, offers, deal confirmations): one shared
// socket, reconnected with back-off, closed when nobody listens. Screens refetch on the events they care about.
import { useEffect, useRef } from 'react';

export interface LiveEvent {
  type: string;
  payload?: unknown;
  at?: string;
}

type Listener = (e: LiveEvent) => void;

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let retry = 0;
let timer: number | undefined;

function connect() {
  if (socket || listeners.size === 0 || typeof window === 'undefined') return;
  const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    retry = 0;
  };
  ws.onmessage = (m) => {
    try {
      const event = JSON.parse(String(m.data)) as LiveEvent;
      for (const l of listeners) l(event);
    } catch {
      // not ours
    }
  };
  ws.onclose = () => {
    socket = null;
    if (listeners.size === 0) return;
    // Not signed in (401) or the server restarted: try again later, slower each time.
    retry = Math.min(retry + 1, 6);
    timer = window.setTimeout(connect, 1000 * 2 ** retry);
  };
  ws.onerror = () => {
    // onclose follows and schedules the retry; nothing for the console
  };
}

/** Calls handler for live events of the given types while the component is mounted (and enabled). */
export function useLiveEvents(types: readonly string[], handler: (e: LiveEvent) => void, enabled = true) {
  const ref = useRef(handler);
  ref.current = handler;
  const key = types.join(',');
  useEffect(() => {
    if (!enabled) return;
    const wanted = new Set(key.split(','));
    const listener: Listener = (e) => {
      if (wanted.has(e.type)) ref.current(e);
    };
    listeners.add(listener);
    connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        window.clearTimeout(timer);
        socket?.close();
        socket = null;
      }
    };
  }, [key, enabled]);
}
