/** /loading-demo signed in (spec part 2 "Loading Demo"; all staff): the loading overlay's demo cards, no data. */
import { LoadingDemo } from '../../../features/loading-demo/components/loading-demo.tsx';

export function LoadingDemoRoute() {
  return <LoadingDemo />;
}
