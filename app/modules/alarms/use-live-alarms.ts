/**
 * New alarms as the hub raises them: one same-origin `/hub` socket watching alarms only (no vehicle state, so a slow
 * link carries nothing else), every frame acknowledged, and a reconnect that resumes from the last seq so alarms
 * raised while the link was down still arrive.
 */
import { useEffect, useRef, useState } from "react";
import type { AlarmEvent, ClientMessage, ServerMessage } from "../../../workers/fleet-hub/protocol";

export type LiveConnection = "connecting" | "open" | "offline";

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
const PING_MS = 25_000;
/** no frame or pong for this long: the link is dead even if the socket says open */
const SILENCE_MS = 60_000;

export function useLiveAlarms(onAlarms: (alarms: AlarmEvent[]) => void): LiveConnection {
  const [connection, setConnection] = useState<LiveConnection>("connecting");
  const handler = useRef(onAlarms);
  handler.current = onAlarms;

  useEffect(() => {
    let closed = false;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let lastSeq: number | null = null;
    let lastHeard = Date.now();

    const connect = () => {
      if (closed) return;
      let ws: WebSocket;
      try {
        ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/hub`);
      } catch {
        return scheduleRetry();
      }
      socket = ws;
      ws.onopen = () => {
        lastHeard = Date.now();
        const watch: ClientMessage = { type: "watch", alarms: true, hz: 2, ...(lastSeq !== null ? { since: lastSeq } : {}) };
        ws.send(JSON.stringify(watch));
      };
      ws.onmessage = (e) => {
        lastHeard = Date.now();
        let message: ServerMessage;
        try {
          message = JSON.parse(String(e.data)) as ServerMessage;
        } catch {
          return;
        }
        if (message.type !== "snapshot" && message.type !== "delta") return;
        attempt = 0;
        setConnection("open");
        lastSeq = message.seq;
        ws.send(JSON.stringify({ type: "ack", seq: message.seq } satisfies ClientMessage));
        if (message.type === "delta" && message.alarms?.length) handler.current(message.alarms);
      };
      ws.onclose = () => {
        if (socket === ws) socket = null;
        scheduleRetry();
      };
      ws.onerror = () => ws.close();
    };

    const scheduleRetry = () => {
      if (closed || retry) return;
      setConnection(attempt >= 1 ? "offline" : "connecting");
      const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
      attempt++;
      retry = setTimeout(() => {
        retry = null;
        connect();
      }, wait + Math.random() * wait * 0.3);
    };

    const pinger = setInterval(() => {
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      if (Date.now() - lastHeard > SILENCE_MS) return socket.close();
      socket.send(JSON.stringify({ type: "ping" } satisfies ClientMessage));
    }, PING_MS);

    // back online or back in view: do not wait for the back-off
    const wake = () => {
      if (document.visibilityState === "hidden" || socket || !retry) return;
      clearTimeout(retry);
      retry = null;
      connect();
    };
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", wake);
    connect();
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      clearInterval(pinger);
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", wake);
      socket?.close(1000);
    };
  }, []);

  return connection;
}

const SOUND_KEY = "derrick.alarmSound";
let audio: AudioContext | null = null;

/** The alarm sound switch, remembered in localStorage, off by default. Turning it on (a click) unlocks audio. */
export function useAlarmSound(): [boolean, (on: boolean) => void, () => void] {
  const [on, setOn] = useState(false);
  useEffect(() => setOn(localStorage.getItem(SOUND_KEY) === "1"), []);
  const set = (next: boolean) => {
    setOn(next);
    localStorage.setItem(SOUND_KEY, next ? "1" : "0");
    if (next) {
      unlockAudio();
      beep();
    }
  };
  return [on, set, beep];
}

function unlockAudio(): AudioContext | null {
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return null;
  audio ??= new Ctx();
  if (audio.state === "suspended") void audio.resume();
  return audio;
}

/** Two short tones from an oscillator: no audio file to download. */
export function beep() {
  const ctx = unlockAudio();
  if (!ctx) return;
  const start = ctx.currentTime;
  for (const [offset, freq] of [
    [0, 880],
    [0.18, 660],
  ] as const) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + offset);
    osc.stop(start + offset + 0.16);
  }
}
