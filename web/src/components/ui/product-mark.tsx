/** The product's small square mark (a pharmacy cross), beside its name. */

export interface ProductMarkProps {
  size?: number;
}

export function ProductMark({ size = 32 }: ProductMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" className="fill-primary-content" />
    </svg>
  );
}
