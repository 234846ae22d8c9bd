import { useEffect, useState } from 'react';

/** Seconds left until `endsAt`, ticking once a second (spec §4, §9: 1 s tick); 0 when over. */
export function useSecondsLeft(endsAt: string | null): number {
  const compute = () =>
    endsAt ? Math.max(0, Math.floor((Date.parse(endsAt) - Date.now()) / 1000)) : 0;
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    setLeft(compute());
    if (!endsAt) return;
    const timer = setInterval(() => {
      const next = compute();
      setLeft(next);
      // spec §4: at zero the timer stops.
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // compute reads only endsAt
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endsAt]);
  return left;
}

/** hh:mm:ss, as the spec's countdown shows (spec §4). */
export function formatCountdown(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** A live hh:mm:ss countdown, read out by screen readers only when asked (not every tick). */
export function Countdown({ endsAt, className }: { endsAt: string; className?: string }) {
  const left = useSecondsLeft(endsAt);
  return (
    <time className={`font-monospace ${className ?? ''}`} dateTime={`PT${left}S`}>
      {formatCountdown(left)}
    </time>
  );
}
