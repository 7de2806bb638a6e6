/** The Cyber Republic mark (same drawing as the favicon); decorative next to the visible name. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0f2631" />
      <path d="M36 18a14 14 0 1 0 0 28" fill="none" stroke="#1de9b6" strokeWidth="7" strokeLinecap="round" />
      <circle cx="44" cy="32" r="5" fill="#1de9b6" />
    </svg>
  );
}
