/**
 * New alarms as the hub raises them: one same-origin `/hub` socket watching alarms only (no vehicle state, so a slow
 * link carries nothing else), the frames the hub asks for acknowledged, and a reconnect that resumes from the last
 * seq so alarms raised while the link was down still arrive.
 */
import { useEffect, useRef, useState } from "react";
import type { AlarmEvent } from "../../../workers/fleet-hub/protocol";
import { openHubSocket } from "~/modules/hub-client/open-hub-socket";

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
    let lastSeq: number | null = null;
    const hub = openHubSocket({
      watch: () => ({ type: "watch", alarms: true, hz: 2, ...(lastSeq !== null ? { since: lastSeq } : {}) }),
      onFrame: (message) => {
        if (message.type !== "snapshot" && message.type !== "delta") return null;
        lastSeq = message.seq;
        if (message.type === "delta" && message.alarms?.length) handler.current(message.alarms);
        return message.seq;
      },
      // this screen says 连接中 until the first failure, then offline until a frame arrives again
      onStatus: (status) => setConnection(status === "reconnecting" ? "connecting" : status),
      reportConnecting: false,
      offlineAfter: 1,
      backoffMs: BACKOFF_MS,
      pingMs: PING_MS,
      silenceMs: SILENCE_MS,
    });
    return hub.close;
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
