/** The table's allergies cell (spec §2, §9): the first 2 as badges, then '+N more'; 'None' when there are none. */

/** Allergies shown as badges before the rest are counted. */
export const ALLERGY_BADGE_LIMIT = 2;

export function AllergyBadges({ allergies }: { allergies: readonly string[] }) {
  if (allergies.length === 0) return <span className="text-sm text-base-content/70">None</span>;
  const shown = allergies.slice(0, ALLERGY_BADGE_LIMIT);
  const more = allergies.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Allergies">
      {shown.map((allergy, index) => (
        <li key={`${index}-${allergy}`} className="badge badge-error badge-soft badge-sm">
          {allergy}
        </li>
      ))}
      {more > 0 ? <li className="badge badge-ghost badge-sm">+{more} more</li> : null}
    </ul>
  );
}
