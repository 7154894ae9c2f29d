export function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-3 text-base font-medium text-red-700">
      {text}
    </p>
  );
}
