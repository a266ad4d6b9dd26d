/** The risk badge (spec part 2 §4): the level (Low, Medium, High) and the score, e.g. "Medium risk (35)". */
import type { RiskScore } from '@pharmacy/shared/security/risk.ts';
import { RISK_BADGE } from './staff-format.ts';

export function RiskBadge({ risk }: { risk: RiskScore }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${RISK_BADGE[risk.level]}`}>
      {risk.level} risk ({risk.score})
    </span>
  );
}
