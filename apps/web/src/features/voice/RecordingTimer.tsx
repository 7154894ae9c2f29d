/** The red dot and running time while the microphone records. */
export function RecordingTimer({ children }: { children: string }) {
  return (
    <p
      role="timer"
      aria-live="off"
      className="flex items-center gap-2 text-lg font-semibold text-red-700"
    >
      <span aria-hidden className="size-3 animate-pulse rounded-full bg-red-600" />
      {children}
    </p>
  );
}
