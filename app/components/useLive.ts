import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Follows a tournament live (spec §7, §9): a socket.io connection (websocket only, the page's token
 * in the handshake's auth field, 3 reconnection attempts 2,000 ms apart) that says what the page
 * shows with 'focus' and reloads the page's data when the tournament changes. Without JavaScript,
 * or when the socket cannot connect, the page still works (and reloads by itself where it polls).
 */
export type LiveFocus = { token: string; eventId: number; tournamentId: number; roundId?: number };

export function useLive(focus: LiveFocus | null | undefined) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, navigation });
  latest.current = { revalidator, navigation };
  const key = focus ? `${focus.token}|${focus.eventId}|${focus.tournamentId}|${focus.roundId ?? ""}` : "";
  useEffect(() => {
    if (!focus) return;
    let closed = false;
    let socket: { close(): void } | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void import("socket.io-client").then(({ io }) => {
      if (closed) return;
      const s = io({ transports: ["websocket"], auth: { token: focus.token }, reconnectionAttempts: 3, reconnectionDelay: 2000 });
      socket = s;
      s.on("connect", () => s.emit("focus", { eventId: focus.eventId, tournamentId: focus.tournamentId, roundId: focus.roundId ?? null }));
      s.on("update", () => {
        // updates that arrive together reload the page's data once; not while a form is sent or a page
        // loads, whose own loading brings the new data (reloading then would race it for the notice)
        clearTimeout(timer);
        timer = setTimeout(() => {
          const { revalidator, navigation } = latest.current;
          if (revalidator.state === "idle" && navigation.state === "idle") revalidator.revalidate();
        }, 150);
      });
    });
    return () => {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
