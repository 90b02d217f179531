import { useEffect, useState } from 'react';

/** The time now, again every second while the component is shown (countdowns, and the phase they lead to). */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A time left as whole days and hh:mm:ss, rounded up to the second (never below zero). */
export function countdown(ms: number): { days: number; clock: string } {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const clock = [Math.floor(rest / 3600), Math.floor((rest % 3600) / 60), rest % 60].map((part) => String(part).padStart(2, '0')).join(':');
  return { days, clock };
}
